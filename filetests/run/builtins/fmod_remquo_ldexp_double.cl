// fmod, remainder, remquo and ldexp on doubles are exact (0 ulp): the amdil target
// built none of them before. Pairs: 5.5 and -5.5 by 2 (2.75 rounds to 3: remainder
// -0.5, quotient 3), 7 and 5 by 2 (ties 3.5 and 2.5 go even: 4 and 2), 1e308 by 3
// (the double 1e308 is an integer N with N mod 3 = 2 and N = 3n - 1, n mod 128 = 43,
// by exact integer arithmetic), subnormals 7 by 2 (in units of 2^-1074; 3.5 goes to
// 4), 1 by 2^-1074 (quotient 2^1074: 0, low bits 0), -0 by 1 (-0), 3 by 0 and inf by 1
// (NaN, quotient 0), 6 by inf (6). ldexp: 2^1023, 1.5 2^-1074 (1.5 subnormal units
// round to even, 2), 2^-1074 2^2097 = 2^1023, 2^1024 = inf, 2^-1075 (a tie: 0),
// 1.5 2^-1023 (exact subnormal), 3 2^-1076 (0.75 units: 1), (1 + 2^-52) 2^-1074
// (just over half: 1 unit), -0, inf. Inputs and outputs as double bits.
// RUN: kauai oclc -execute -enqueue fr -arg x,4617878467915022336,13841250504769798144,4619567317775286272,4617315517961601024,9214871658872686752,7,4607182418800017408,9223372036854775808,4613937818241073152,9218868437227405312,4618441417868443648 -arg y,4611686018427387904,4611686018427387904,4611686018427387904,4611686018427387904,4613937818241073152,2,1,4607182418800017408,0,4607182418800017408,9218868437227405312 -arg lx,4607182418800017408,4609434218613702656,1,4607182418800017408,4607182418800017408,6755399441055744,4613937818241073152,4607182418800017409,9223372036854775808,9218868437227405312 -arg ln,1023,-1074,2097,1024,-1075,-1,-1076,-1074,5,-5 -print fm,11 -print rm,11 -print rq,11 -print q,11 -print ld,10 -global 11 %s
// CHECK: fm,4609434218613702656,13832806255468478464,4607182418800017408,4607182418800017408,4611686018427387904,1,0,9223372036854775808,9221120237041090560,9221120237041090560,4618441417868443648
// CHECK-NEXT: rm,13826050856027422720,4602678819172646912,13830554455654793216,4607182418800017408,13830554455654793216,9223372036854775809,0,9223372036854775808,9221120237041090560,9221120237041090560,4618441417868443648
// CHECK-NEXT: rq,13826050856027422720,4602678819172646912,13830554455654793216,4607182418800017408,13830554455654793216,9223372036854775809,0,9223372036854775808,9221120237041090560,9221120237041090560,4618441417868443648
// CHECK-NEXT: q,3,-3,4,2,43,4,0,0,0,0,0
// CHECK-NEXT: ld,9214364837600034816,2,9214364837600034816,9218868437227405312,0,3377699720527872,1,1,9223372036854775808,9218868437227405312

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// NaN results as the one quiet NaN (any NaN's sign and payload are free).
ulong bits(double v)
{
    return isnan(v) ? 0x7FF8000000000000UL : as_ulong(v);
}

__kernel void fr(__global const ulong *x, __global const ulong *y, __global const ulong *lx,
                 __global const int *ln, __global ulong *fm, __global ulong *rm,
                 __global ulong *rq, __global int *q, __global ulong *ld)
{
    int i = get_global_id(0);
    double a = as_double(x[i]), b = as_double(y[i]);
    fm[i] = bits(fmod(a, b));
    rm[i] = bits(remainder(a, b));
    int k;
    rq[i] = bits(remquo(a, b, &k));
    q[i] = k;
    if (i < 10)
        ld[i] = bits(ldexp(as_double(lx[i]), ln[i]));
}
