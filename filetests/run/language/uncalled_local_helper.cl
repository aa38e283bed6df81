// A helper with a __local pointer parameter that no kernel calls is not part of any
// kernel: the program builds and runs on every device (the amdil target declares LDS
// only in the kernels that reach it). A second helper with a __local pointer parameter
// is called: work-item l of a group of 8 stores 10 l into scratch, and after a barrier
// reads its mirror 7 - l: out[g] = 10 (7 - l).
// RUN: kauai oclc -execute -enqueue k -arg scratch,32 -print out,8 -global 8 -local 8 %s
// CHECK: out,70,60,50,40,30,20,10,0

void unused(__local int *p, int v)
{
    p[get_local_id(0)] += v;
}

void put(__local int *p, int v)
{
    p[get_local_id(0)] = v;
}

__kernel void k(__global int *out, __local int *scratch)
{
    int l = get_local_id(0);
    put(scratch, 10 * l);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = scratch[7 - l];
}
