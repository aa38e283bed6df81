// Straight-line 32-bit arithmetic over consecutive elements, which the host JIT
// computes in SIMD vectors of work-items (packed): float + - * / mad sqrt fabs and
// negation, int + - * & | ^ and shifts by a uniform amount, int<->float conversions
// both ways and as_int. Expected values: reference/language.py ("packed:"), float32
// rounding after every operation. Groups of 16 and 8 work-items: one packet of 16, or
// one of 8 (the JIT compiles for the widest packet a group's rows fill; rows that are
// not a multiple of 4 wide run one work-item at a time).
// RUN: kauai oclc -execute -enqueue packed -arg x,-3.75,-2.5,-1,-0.5,0,0.25,1,1.5,-8.25,10,100.5,-1000,0.1,1e6,-3e-5,65536 -arg n,-7,-3,-1,0,1,2,3,5,-55,89,-144,233,2147483647,-2147483648,1000000,-99999 -arg s,3 -print f,16 -print o,16 -global 16 -local 16 %s
// CHECK: f,2.147484e+09,2.147484e+09,2.147484e+09,-1.207107,-0.5,-1.25,-1.5,-2.224745,2.147484e+09,-37.66228,2.147484e+09,-1148.123,-1.073742e+09,3.222224e+09,-500000,2.147599e+09
// CHECK: o,-536870890,-536870899,-536870907,1,14,28,8,4,-536870824,127,-536869379,4279,-2147483442,1606612735,1105473,-536700242
// RUN: kauai oclc -execute -enqueue packed -arg x,-3.75,-2.5,-1,-0.5,0,0.25,1,1.5,-8.25,10,100.5,-1000,0.1,1e6,-3e-5,65536 -arg n,-7,-3,-1,0,1,2,3,5,-55,89,-144,233,2147483647,-2147483648,1000000,-99999 -arg s,3 -print f,16 -print o,16 -global 16 -local 8 %s
// CHECK: f,2.147484e+09,2.147484e+09,2.147484e+09,-1.207107,-0.5,-1.25,-1.5,-2.224745,2.147484e+09,-37.66228,2.147484e+09,-1148.123,-1.073742e+09,3.222224e+09,-500000,2.147599e+09
// CHECK: o,-536870890,-536870899,-536870907,1,14,28,8,4,-536870824,127,-536869379,4279,-2147483442,1606612735,1105473,-536700242

__kernel void packed(__global const float *x, __global const int *n, __global float *f,
                     __global int *o, int s)
{
    size_t i = get_global_id(0);
    float a = x[i];
    int b = n[i];
    float t = mad(a, 3.0f, -a) / 2.0f - sqrt(fabs(a));
    f[i] = t - (float)b + (float)(uint)b * 0.5f;
    o[i] = ((b * 7) ^ (b << s)) + (b >> s) - (int)(a * 4.0f) + (as_int(a) & 0xff)
         - ((int)((uint)b >> s) | 1);
}
