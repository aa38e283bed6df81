// A 3-D range of 8 x 4 x 4 = 128 work-items in 2 x 2 x 2 groups (16 groups): every
// work-item adds x + 10 y + 100 z to a global total; every group counts its members with
// a __local atomic_inc and adds 1000 per member to a second total from work-item
// (0, 0, 0) of the group, after a barrier.
//  total[0] = 16 * 28 (x sums over y, z) + 10 * 32 * 6 (y) + 100 * 32 * 6 (z)
//           = 448 + 1920 + 19200 = 21568;
//  total[1] = 16 groups * 8 members * 1000 = 128000.
// RUN: kauai oclc -execute -enqueue nd3 -arg total,0,0 -print total,2 -global 8,4,4 -local 2,2,2 %s
// CHECK: total,21568,128000

__kernel void nd3(__global int *total)
{
    __local int members;
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    bool first = get_local_id(0) == 0 && get_local_id(1) == 0 && get_local_id(2) == 0;
    if (first)
        members = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&total[0], x + 10 * y + 100 * z);
    atomic_inc(&members);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (first)
        atomic_add(&total[1], members * 1000);
}
