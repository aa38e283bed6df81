// __local memory is undefined when a work-group starts: work-items 2 and 3 copy slots
// nobody wrote to global memory (each group writes t[0] and t[1] only). The check
// reports the write with the buffer and offset of its first occurrence; the output is
// still printed (the interpreter's local memory happens to hold zeros).
// RUN: kauai oclc -check uninit -execute -enqueue k -print out,8 -global 8 -local 4 %s
// CHECK: out,10,11,0,0,10,11,0,0
// CHECK-FINDING: Uninitialized value written to global memory address 0x30000000008
// CHECK-FINDING: Check: uninit; __global buffer argument 0 `out`, byte offset 8; seen 4 times
// CHECK-FINDING: Entity: Global(2,0,0) Local(2,0,0) Group(0,0,0)
// CHECK-FINDING: out[get_global_id(0)] = t[l];

__kernel void k(__global int *out)
{
    __local int t[4];
    int l = get_local_id(0);
    if (l < 2)
        t[l] = 10 + l;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[l];
}
