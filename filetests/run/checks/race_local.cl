// A __local read-write race: each work-item writes tmp[l] and reads its neighbour's
// slot with no barrier between. With -check races the run goes on (the output is
// printed: work-items run one after another, so only work-item 3 sees a neighbour's
// value, tmp[0] = 1) and the race is reported once per racing instruction, with a
// count: per group, work-items 1..3 store where the one before read (3, so 6 for the
// two groups), work-item 3 reads what work-item 0 stored (1, so 2).
// RUN: kauai oclc -check races -execute -enqueue rot -print out,8 -global 8 -local 4 %s
// CHECK: out,0,0,0,1,0,0,0,1
// CHECK-FINDING: Read-write data race at local memory address 0x20000000004
// CHECK-FINDING: Kernel: rot
// CHECK-FINDING: Check: races; __local variable `tmp` of `rot`, byte offset 4; seen 6 times
// CHECK-FINDING: First entity:  Global(0,0,0) Local(0,0,0) Group(0,0,0): load
// CHECK-FINDING: Second entity: Global(1,0,0) Local(1,0,0) Group(0,0,0): store
// CHECK-FINDING: Read-write data race at local memory address 0x20000000000
// CHECK-FINDING: Check: races; __local variable `tmp` of `rot`, byte offset 0; seen 2 times
// CHECK-FINDING: First entity:  Global(0,0,0) Local(0,0,0) Group(0,0,0): store
// CHECK-FINDING: Second entity: Global(3,0,0) Local(3,0,0) Group(0,0,0): load

__kernel void rot(__global int *out)
{
    __local int tmp[4];
    int l = get_local_id(0);
    tmp[l] = l + 1;
    out[get_global_id(0)] = tmp[(l + 1) % 4];
}
