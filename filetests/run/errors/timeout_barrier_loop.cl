// An endless loop around a barrier: compiled code polls the time limit every so many
// loop back-edges within one call, and a barrier ends the call, so the group loop must
// check the limit between calls. Every device stops it near the limit.
// RUN: kauai oclc -timeout 0.5 -execute -enqueue k -arg o,0,0,0,0 -arg n,2000000 -global 4 -local 4 %s
// CHECK-FAIL: stopped by the time limit

__kernel void k(__global int *o, int n)
{
    int i = 0;
    while (i < n) {
        barrier(CLK_LOCAL_MEM_FENCE);
        i += (n > 1000000) ? 0 : 1;
    }
    o[get_global_id(0)] = i;
}
