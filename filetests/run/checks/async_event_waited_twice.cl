// A wait releases its events: the second wait for the same event names an event no
// outstanding copy made. Reported at the second wait, once per work-item.
// RUN: kauai oclc -check async -execute -enqueue k -arg src,range(5,8) -print dst,4 -global 4 -local 4 %s
// CHECK: dst,10,12,14,16
// CHECK-FINDING: wait_group_events waits for an event no outstanding async copy made
// CHECK-FINDING: Check: async; seen 4 times
// CHECK-FINDING: Entity: Global(0,0,0) Local(0,0,0) Group(0,0,0)
// CHECK-FINDING: wait_group_events(1, &e); // again
// CHECK-FINDING: Kauai: event(s) [1]: no copy this work-item started and has not waited for was made with them

__kernel void k(__global const int *src, __global int *dst)
{
    __local int t[4];
    size_t l = get_local_id(0);
    event_t e = async_work_group_copy(t, src, 4, 0);
    wait_group_events(1, &e);
    int x = t[l] * 2;
    wait_group_events(1, &e); // again
    dst[get_global_id(0)] = x;
}
