// Two copies into two tiles, but the wait names only the first copy's event: nothing
// says the second copy has happened when its tile is read. Reported at the second copy,
// once per work-item. (The interpreter's copies are done by then, so the sums are right.)
// RUN: kauai oclc -check async -execute -enqueue k -arg a,range(1,4) -arg b,range(10,40,10) -print dst,4 -global 4 -local 4 %s
// CHECK: dst,11,22,33,44
// CHECK-FINDING: Async copy not waited for before the work-item ended
// CHECK-FINDING: Check: async; seen 4 times
// CHECK-FINDING: Entity: Global(0,0,0) Local(0,0,0) Group(0,0,0)
// CHECK-FINDING: event_t eb = async_work_group_copy(tb, b, 4, 0);
// CHECK-FINDING: Kauai: 1 copy started without a wait_group_events for its event after it

__kernel void k(__global const int *a, __global const int *b, __global int *dst)
{
    __local int ta[4], tb[4];
    size_t l = get_local_id(0);
    event_t ea = async_work_group_copy(ta, a, 4, 0);
    event_t eb = async_work_group_copy(tb, b, 4, 0);
    wait_group_events(1, &ea);
    dst[get_global_id(0)] = ta[l] + tb[l];
}
