// An async copy belongs to the whole work-group, but work-item 1 of each group skips
// it: work-group divergence (Oclgrind's wording), reported at the copy once per group
// with the work-item that skipped it. The work-items share the copy out, so the one
// that skips it leaves its element of the tile unwritten: the interpreter's fresh
// `__local` memory holds zeros there.
// RUN: kauai oclc -check async -execute -enqueue k -arg src,range(10,17) -arg tile,16 -print dst,8 -global 8 -local 4 %s
// CHECK: dst,10,0,12,13,14,0,16,17
// CHECK-FINDING: Work-group divergence detected (async copy)
// CHECK-FINDING: Check: async; seen 2 times
// CHECK-FINDING: Entity: Global(1,0,0) Local(1,0,0) Group(0,0,0)
// CHECK-FINDING: e = async_work_group_copy(tile, src + g * 4, 4, 0);

__kernel void k(__global const int *src, __global int *dst, __local int *tile)
{
    size_t g = get_group_id(0);
    event_t e = 0;
    if (get_local_id(0) != 1)
        e = async_work_group_copy(tile, src + g * 4, 4, 0);
    wait_group_events(1, &e);
    dst[get_global_id(0)] = tile[get_local_id(0)];
}
