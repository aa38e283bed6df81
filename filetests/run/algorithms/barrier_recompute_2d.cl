// Values live across barriers that the JIT recomputes at the resume instead of
// keeping per work-item (an index made of ids, group ids and sizes, and one derived
// from it), in a 2-D group of several rows of two packets. Expected output computed
// by hand from the definition: out[i] = 2 * (in'[i] + (i ^ 5)) + (i & 3), where in' is
// each 16 x 4 block of in = 0..127 turned by half a turn.
// RUN: kauai oclc -execute -enqueue k -arg in,range(0,127) -print out,128 -global 16,8 -local 16,4 %s
// CHECK: out,136,133,138,135,120,117,122,119,136,133,138,135,120,117,122,119,136,133,138,135,120,117,122,119,136,133,138,135,120,117,122,119,136,133,138,135,120,117,122,119,136,133,138,135,120,117,122,119,136,133,138,135,120,117,122,119,136,133,138,135,120,117,122,119,392,389,394,391,376,373,378,375,392,389,394,391,376,373,378,375,392,389,394,391,376,373,378,375,392,389,394,391,376,373,378,375,392,389,394,391,376,373,378,375,392,389,394,391,376,373,378,375,392,389,394,391,376,373,378,375,392,389,394,391,376,373,378,375

__kernel void k(__global const int *in, __global int *out)
{
    __local int t[4][17];
    int w = get_global_size(0);
    int lx = get_local_id(0), ly = get_local_id(1);
    int idx = (get_group_id(1) * 4 + ly) * w + get_group_id(0) * 16 + lx;
    int mirror = idx ^ 5;
    t[ly][lx] = in[idx];
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = t[3 - ly][15 - lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    t[ly][lx] = v + mirror;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[idx] = t[ly][lx] * 2 + (idx & 3);
}
