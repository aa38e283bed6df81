// The race check keeps one shadow cell per 4-byte word until something touches part
// of a word. The four work-items store the four bytes of `c`'s first word: no race
// (each byte is one work-item's). Work-item 0 stores `w[0]` whole and work-item 3
// stores byte 3 of it: a write-write race at byte offset 3 (not at the word's start),
// seen once. Work-items run in order, so w[0] = 7 | 1 << 24 = 16777223.
// RUN: kauai oclc -check races -execute -enqueue k -arg c,repeat(4,0) -arg w,repeat(2,0) -print c,4 -print w,2 -global 4 -local 4 %s
// CHECK: c,0,1,2,3
// CHECK: w,16777223,0
// CHECK-FINDING: Write-write data race at global memory address 0x30000000003
// CHECK-FINDING: Check: races; __global buffer argument 1 `w`, byte offset 3; seen 1 time
// CHECK-FINDING: First entity:  Global(0,0,0) Local(0,0,0) Group(0,0,0): store
// CHECK-FINDING: w[0] = 7;
// CHECK-FINDING: Second entity: Global(3,0,0) Local(3,0,0) Group(0,0,0): store
// CHECK-FINDING: ((__global char *)w)[3] = 1;

__kernel void k(__global char *c, __global int *w)
{
    size_t l = get_local_id(0);
    c[l] = (char)l;
    if (l == 0)
        w[0] = 7;
    if (l == 3)
        ((__global char *)w)[3] = 1;
}
