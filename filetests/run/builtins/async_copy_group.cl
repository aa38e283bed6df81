// async_work_group_copy, async_work_group_strided_copy and wait_group_events work per
// work-group: the work-items of a group copy the data once, together, and the copy is
// complete for all of them after wait_group_events. Groups of 8 over src = 0..15:
//  dst: each group's 8 elements reversed through __local memory (a copy in, a reversal
//   after the wait, a copy out): 7..0, 15..8.
//  dst2: a strided copy out of the group's first 4 elements to every second place,
//   the others untouched (0): 0,0,1,0,2,0,3,0, 8,0,9,0,10,0,11,0.
//  out3: a strided copy in of every second element (4 of them); work-items 4..7 write -1.
// Closed forms: dst[8g + l] = 8g + 7 - l; dst2[8g + 2i] = 8g + i; out3[8g + l] = 8g + 2l.
// RUN: kauai oclc -execute -enqueue rev -arg src,range(0,15) -arg a,32 -arg b,32 -print dst,16 -print dst2,16 -print out3,16 -global 16 -local 8 %s
// CHECK: dst,7,6,5,4,3,2,1,0,15,14,13,12,11,10,9,8
// CHECK-NEXT: dst2,0,0,1,0,2,0,3,0,8,0,9,0,10,0,11,0
// CHECK-NEXT: out3,0,2,4,6,-1,-1,-1,-1,8,10,12,14,-1,-1,-1,-1

__kernel void rev(__global const int *src, __global int *dst, __global int *dst2,
                  __global int *out3, __local int *a, __local int *b)
{
    size_t g = get_group_id(0), l = get_local_id(0), n = get_local_size(0);
    event_t e = async_work_group_copy(a, src + g * n, n, 0);
    wait_group_events(1, &e);
    b[l] = a[n - 1 - l];
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t ev[2];
    ev[0] = async_work_group_copy(dst + g * n, b, n, 0);
    ev[1] = async_work_group_strided_copy(dst2 + g * n, a, n / 2, 2, 0);
    wait_group_events(2, ev);
    e = async_work_group_strided_copy(b, src + g * n, n / 2, 2, 0);
    wait_group_events(1, &e);
    out3[g * n + l] = l < n / 2 ? b[l] : -1;
}
