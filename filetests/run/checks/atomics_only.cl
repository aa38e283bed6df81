// The twin of race_global.cl: work-items of 8 groups touch the same words with atomics
// only (count += 1, max of the ids), then, after a barrier, work-item 0 of each group
// reads its group's __local counter that all its work-items incremented atomically.
// Atomic against atomic is no race, and the barrier orders the local read: nothing is
// reported. count = 32, max = 31, per-group counts 4.
// RUN: kauai oclc -check races -execute -enqueue hist -print count,1 -print max,1 -print groups,8 -global 32 -local 4 %s
// CHECK: count,32
// CHECK: max,31
// CHECK: groups,4,4,4,4,4,4,4,4

__kernel void hist(__global int *count, __global int *max, __global int *groups)
{
    __local int n;
    if (get_local_id(0) == 0)
        n = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&n);
    atomic_add(count, 1);
    atomic_max(max, (int)get_global_id(0));
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        groups[get_group_id(0)] = n;
}
