// IEEE special values in float arithmetic (OpenCL follows IEEE 754 for +, -, *, /):
//  p (printed): 1/0 = inf, -1/0 = -inf, 1/inf = 0, -1/inf = -0, FLT_MAX * 2 = inf,
//     -FLT_MAX * 2 = -inf, FLT_MAX + 1 = FLT_MAX (3.402823e+38 in %.7g), 1e-30 * 1e-30 = 0
//     (below the smallest denormal, so 0 with or without denormal support),
//     1 + FLT_EPSILON / 2 = 1 (ties to even), fmin(NaN, 2) = 2 and fmax(NaN, 2) = 2 (a NaN
//     operand is ignored), 0 * -1 = -0
//  n (isnan as 0/1, so no NaN is printed: its sign is not specified): 0/0, inf - inf,
//     inf * 0, sqrt(-1), NaN + 1 -> all 1; inf + 1 -> 0
//  c: convert_int_sat(inf) = INT_MAX, convert_int_sat(-inf) = INT_MIN,
//     convert_uchar_sat(-inf) = 0
// The operands come from a buffer (zero, one) so the operations run, not the folder.
// RUN: kauai oclc -execute -enqueue specials -arg v,0.0,1.0 -print p,12 -print n,6 -print c,3 -global 1 %s
// CHECK: p,inf,-inf,0,-0,inf,-inf,3.402823e+38,0,1,2,2,-0
// CHECK-NEXT: n,1,1,1,1,1,0
// CHECK-NEXT: c,2147483647,-2147483648,0

__kernel void specials(__global const float *v, __global float *p, __global int *n,
                       __global int *c)
{
    float zero = v[0];
    float one = v[1];
    float inf = one / zero;
    float nan = zero / zero;
    p[0] = inf;
    p[1] = -one / zero;
    p[2] = one / inf;
    p[3] = -one / inf;
    p[4] = FLT_MAX * (2.0f * one);
    p[5] = -FLT_MAX * (2.0f * one);
    p[6] = FLT_MAX + one;
    p[7] = (1e-30f * one) * 1e-30f;
    p[8] = one + FLT_EPSILON / 2.0f;
    p[9] = fmin(nan, 2.0f * one);
    p[10] = fmax(nan, 2.0f * one);
    p[11] = zero * -one;
    n[0] = isnan(nan);
    n[1] = isnan(inf - inf);
    n[2] = isnan(inf * zero);
    n[3] = isnan(sqrt(-one));
    n[4] = isnan(nan + one);
    n[5] = isnan(inf + one);
    c[0] = convert_int_sat(inf);
    c[1] = convert_int_sat(-inf);
    c[2] = convert_uchar_sat(-inf);
}
