// The twin of race_local.cl with a barrier between the store and the load: no race,
// and every work-item reads its neighbour's value (out = l+2 wrapping to 1).
// RUN: kauai oclc -check races -execute -enqueue rot -print out,8 -global 8 -local 4 %s
// CHECK: out,2,3,4,1,2,3,4,1

__kernel void rot(__global int *out)
{
    __local int tmp[4];
    int l = get_local_id(0);
    tmp[l] = l + 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[(l + 1) % 4];
}
