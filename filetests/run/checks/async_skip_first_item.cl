// A kernel without barriers runs its work-items one after another, so work-item 0 has
// ended before any work-item starts the copy it skipped: the skip is found when the
// group ends. The three copies nobody waits for are reported too.
// RUN: kauai oclc -check async -execute -enqueue k -arg src,range(1,4) -print dst,4 -global 4 -local 4 %s
// CHECK: dst,1,1,1,1
// CHECK-FINDING: Async copy not waited for before the work-item ended
// CHECK-FINDING: Check: async; seen 3 times
// CHECK-FINDING: Entity: Global(1,0,0) Local(1,0,0) Group(0,0,0)
// CHECK-FINDING: async_work_group_copy(t, src, 4, 0);
// CHECK-FINDING: Work-group divergence detected (async copy)
// CHECK-FINDING: Check: async; seen 1 time
// CHECK-FINDING: Entity: Global(0,0,0) Local(0,0,0) Group(0,0,0)
// CHECK-FINDING: async_work_group_copy(t, src, 4, 0);
// CHECK-FINDING: Kauai: this work-item started 0 of the group's 1 copies

__kernel void k(__global const int *src, __global int *dst)
{
    __local int t[4];
    if (get_local_id(0) != 0)
        async_work_group_copy(t, src, 4, 0);
    dst[get_global_id(0)] = 1;
}
