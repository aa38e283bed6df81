// The rest of the float library and its special values, on every device.
// remquo: the remainder and the low 7 bits of the quotient n = x / y rounded to
//  nearest even, with the sign of x / y (7 / 2 = 3.5 -> 4, 5 / -2 = -2.5 -> -2,
//  1e6 / 0.001f: n mod 128 = 81).
// powr: its own table (OpenCL 1.2 7.5.1), not pow's: 0^0, inf^0, 1^+-inf and x < 0 are
//  NaN, (-0)^3 is +0 and (-0)^-1 is +inf.
// pow(x, 0) and pow(1, y) are 1 for every x and y (NaN and infinities too); exp and
//  exp10 of huge and infinite arguments are inf and 0; acosh below 1 is NaN.
// mad_sat on long and ulong: a * b + c exact, then clamped (LONG_MIN * -1 - 1 fits).
// Expected values from reference/library.py (exact rationals and Python integers).
// RUN: kauai oclc -execute -enqueue rq -arg x,7,-7,10.5,1000,-0.5,1,-2.5,5,1e6,-123456.7 -arg y,2,2,3,0.3,2,1e30,3,-2,0.001,0.37 -print rem,10 -print quo,10 -global 10 %s
// CHECK: rem,-1,1,-1.5,0.09996027,-0.5,1,0.5,1,-0.0004974491,0.08846605
// CHECK-NEXT: quo,4,-4,4,5,0,0,-1,-2,81,-99
// RUN: kauai oclc -execute -enqueue pw -arg px,1088421888,0,2147483648,2139095040,1065353216,1065353216,3221225472,2147483648,0,2147483648,2139095040,1056964608,1073741824,1065353216,1082130432,4286578688 -arg py,1073741824,0,0,0,2139095040,4286578688,1073741824,1077936128,3212836864,3212836864,3212836864,2139095040,4286578688,1084227584,1056964608,1073741824 -print pnan,16 -print pval,16 -global 16 %s
// CHECK: pnan,0,1,1,1,1,1,1,0,0,0,0,0,0,0,0,1
// CHECK-NEXT: pval,49,0,0,0,0,0,0,0,inf,inf,0,0,0,1,2,0
// RUN: kauai oclc -execute -enqueue sp -arg big,3.4e38 -print one,6 -print ov,8 -print ac,4 -global 1 %s
// CHECK: one,1,1,1,1,1,1
// CHECK-NEXT: ov,inf,inf,0,0,inf,inf,0,0
// CHECK-NEXT: ac,1,1,1,0
// RUN: kauai oclc -execute -enqueue msat -arg a,3,4000000000,-4000000000,9007199254740991,5,-1,0,7 -arg b,4,4000000000,4000000000,1024,6,-1,0,7 -arg c,5,-100,100,0,-40,-2,-1,-49 -print ms,12 -print mu,8 -global 8 %s
// CHECK: ms,17,9223372036854775807,-9223372036854775808,9223372036854774784,-10,-1,-1,0,9223372036854775807,-9223372036854775808,9223372036854775806,-9223372036854775802
// CHECK-NEXT: mu,17,18446744073709551615,18446744073709551615,9223372036854774784,18446744073709551606,18446744073709551615,18446744073709551615,18446744073709551615
// exp10 within OpenCL's 3 ulp (libm's exp10f was 3.66 ulp off at the first value);
// expected 10^x from Python's decimal module, 60 digits, rounded to float.
// RUN: kauai oclc -execute -enqueue e10 -arg ex,-3.9357447624206543,1.5,-7.25,20.0,0.3010300099849701 -compare e10,0.00011594585521379486,31.62277603149414,5.623413201760741e-08,1.0000000200408773e+20,2.0 -ulp-error 3 -global 5 %s
// CHECK: e10 - match

__kernel void rq(__global const float *x, __global const float *y, __global float *rem,
                 __global int *quo)
{
    int i = get_global_id(0);
    int q;
    rem[i] = remquo(x[i], y[i], &q);
    quo[i] = q;
}

// px, py: float bits (oclc lists have no infinities).
__kernel void pw(__global const uint *px, __global const uint *py, __global int *pnan,
                 __global float *pval)
{
    int i = get_global_id(0);
    float r = powr(as_float(px[i]), as_float(py[i]));
    pnan[i] = isnan(r);
    pval[i] = isnan(r) ? 0.0f : r;
}

__kernel void sp(float big, __global float *one, __global float *ov, __global int *ac)
{
    // big = 3.4e38; NaN and the infinities made from it at run time.
    float inf = big * 10.0f;
    float nan = inf - inf;
    one[0] = pow(0.0f, 0.0f * big);
    one[1] = pow(inf, 0.0f * big);
    one[2] = pow(nan, -0.0f);
    one[3] = pow(1.0f, nan);
    one[4] = pow(1.0f, inf);
    one[5] = pow(1.0f, -inf);
    ov[0] = exp(big);
    ov[1] = exp(inf);
    ov[2] = exp(-big);
    ov[3] = exp(-inf);
    ov[4] = exp10(big);
    ov[5] = exp10(inf);
    ov[6] = exp10(-big);
    ov[7] = exp10(-inf);
    ac[0] = isnan(acosh(0.5f * big / big));
    ac[1] = isnan(acosh(-2.0f * big / big));
    ac[2] = isnan(acosh(nan));
    ac[3] = isnan(acosh(big / big));
}

__kernel void msat(__global const long *a, __global const long *b, __global const long *c,
                   __global long *ms, __global ulong *mu)
{
    int i = get_global_id(0);
    ms[i] = mad_sat(a[i], b[i], c[i]);
    mu[i] = mad_sat((ulong)a[i], (ulong)b[i], (ulong)c[i]);
    if (i == 0) {
        long m = a[6] + LONG_MIN;   // a[6] = 0, unknown to the compiler
        ms[8] = mad_sat(m, -1L, -1L);
        ms[9] = mad_sat(m, 1L, -1L);
        ms[10] = mad_sat(m - 1, 2L, m);
        ms[11] = mad_sat(m - 1, -1L, 5L);
    }
}

__kernel void e10(__global const float *ex, __global float *e10)
{
    int i = get_global_id(0);
    e10[i] = exp10(ex[i]);
}
