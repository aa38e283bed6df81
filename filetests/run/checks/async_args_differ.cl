// Every work-item starts the copy, but with its own element count: the work-items of a
// group must agree on every argument of a group copy (work-group divergence, reported
// once for the first work-item that differs, with both argument lists).
// RUN: kauai oclc -check async -execute -enqueue k -arg src,range(10,17) -arg tile,16 -print dst,4 -global 4 -local 4 %s
// CHECK: dst,10,10,10,10
// CHECK-FINDING: Work-group divergence detected (async copy)
// CHECK-FINDING: Check: async; seen 3 times
// CHECK-FINDING: Entity: Global(1,0,0) Local(1,0,0) Group(0,0,0)
// CHECK-FINDING: event_t e = async_work_group_copy(tile, src, 1 + get_local_id(0), 0);

__kernel void k(__global const int *src, __global int *dst, __local int *tile)
{
    event_t e = async_work_group_copy(tile, src, 1 + get_local_id(0), 0);
    wait_group_events(1, &e);
    dst[get_global_id(0)] = tile[0];
}
