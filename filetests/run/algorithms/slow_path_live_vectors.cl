// SIMD values live across a packet's slow path: `a` and `b` are vectors of the
// packet when the guarded accesses of work-items 16..31 reach past `w` and `out`
// (exactly n = 21 long), so the host JIT checks them one by one through its checking
// helper, whose call must leave every register of the packet as it was. `res`, which
// uses `a` and `b` after the guard, must come out as the interpreter's. Expected
// output from a Python transcription: out[i] = w[i] + (2x + 1) for i < 21,
// res[i] = (2x + 1) * (x / 2) + (3x - 2), with x = in[i].
// RUN: kauai oclc -execute -enqueue live -arg in,range(0,31) -arg w,range(0,200,10) -arg out,repeat(21,0) -arg res,repeat(32,0) -arg n,21 -print out,21 -print res,32 -global 32 -local 16 %s
// CHECK: out,1,13,25,37,49,61,73,85,97,109,121,133,145,157,169,181,193,205,217,229,241
// CHECK: res,-2,2.5,9,17.5,28,40.5,55,71.5,90,110.5,133,157.5,184,212.5,243,275.5,310,346.5,385,425.5,468,512.5,559,607.5,658,710.5,765,821.5,880,940.5,1003,1067.5

__kernel void live(__global const float *in, __global const float *w,
                   __global float *out, __global float *res, int n)
{
    int i = get_global_id(0);
    float x = in[i];
    float a = x * 2.0f + 1.0f;
    float b = x * 0.5f;
    if (i < n)
        out[i] = w[i] + a;
    res[i] = a * b + (x * 3.0f - 2.0f);
}
