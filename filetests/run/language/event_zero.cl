// `event_t e = 0` and `(event_t)0`, the "no event" value clang accepts (only a zero
// constant; `e = 0` after the declaration is an error in clang and here): passed to
// async_work_group_copy as the event to chain, then waited on.
// in = 0..7, one group of 8: out[i] = 2 * in[i] + in[7 - i] = 2i + 7 - i = i + 7.
// RUN: kauai oclc -execute -enqueue ev -arg in,range(0,7) -arg tmp,64 -print out,8 -global 8 -local 8 %s
// CHECK: out,7,8,9,10,11,12,13,14

__kernel void ev(__global const int *in, __global int *out, __local int *tmp)
{
    int i = get_local_id(0);
    event_t e = 0;
    e = async_work_group_copy(tmp, in, 8, e);
    wait_group_events(1, &e);
    event_t f = async_work_group_copy(out, tmp, 8, (event_t)0);
    wait_group_events(1, &f);
    barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    int a = out[i];
    int b = tmp[7 - i];
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[i] = 2 * a + b;
}
