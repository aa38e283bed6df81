// The work-items start a copy to global memory and never wait for it: nothing says
// the copy has happened when the kernel ends. Reported once per work-item at the copy.
// RUN: kauai oclc -check async -execute -enqueue k -arg src,range(1,4) -print dst,4 -global 4 -local 4 %s
// CHECK-FINDING: Async copy not waited for before the work-item ended
// CHECK-FINDING: Check: async; seen 4 times
// CHECK-FINDING: Entity: Global(0,0,0) Local(0,0,0) Group(0,0,0)
// CHECK-FINDING: async_work_group_copy(dst, tile, 4, 0);

__kernel void k(__global const int *src, __global int *dst)
{
    __local int tile[4];
    tile[get_local_id(0)] = src[get_global_id(0)] * 2;
    barrier(CLK_LOCAL_MEM_FENCE);
    async_work_group_copy(dst, tile, 4, 0);
}
