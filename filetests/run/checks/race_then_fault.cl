// A race that causes a fault: every work-item of a group adds its value to slot 0 of
// a __local counter with no atomics, then work-item 0 uses the total as an index. In
// the interpreter's order the adds do not lose updates (each work-item runs alone up
// to the barrier), so the total is 1+2+3+4 = 10 and the index 10 is out of bounds of
// the 8-element output. With checks on the run goes on past the fault (the store does
// nothing, as in Oclgrind), the output is printed, and the fault is reported after the
// races found before it, its likely cause.
// RUN: kauai oclc -check races -execute -enqueue total -print out,8 -global 4 -local 4 %s
// CHECK: out,0,0,0,0,0,0,0,0
// CHECK-FINDING: Read-write data race at local memory address 0x20000000000
// CHECK-FINDING: Kernel: total
// CHECK-FINDING: Invalid write of size 4 at global memory address 0x30000000028
// CHECK-FINDING: Check: memory; seen 1 time
// CHECK-FINDING: Entity: Global(0,0,0) Local(0,0,0) Group(0,0,0)
// CHECK-FINDING: out[sum[0]] = 1;
// CHECK-FINDING: Kauai: store of 4 bytes at offset 40 is out of bounds of __global buffer argument 0 `out` (32 bytes; address 0x30000000028)

__kernel void total(__global int *out)
{
    __local int sum[1];
    int l = get_local_id(0);
    if (l == 0)
        sum[0] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    sum[0] += l + 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0)
        out[sum[0]] = 1;
}
