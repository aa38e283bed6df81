// lgamma and lgamma_r on doubles (the amdil target had neither for doubles). Closed
// forms: log Γ(1/2) = log sqrt(pi), log Γ(3) = log 2, log Γ(10) = log 9!, log |Γ(-1/2)|
// = log (2 sqrt(pi)) with sign -1, log |Γ(-5/2)| = log (8 sqrt(pi) / 15) with sign -1
// (near a zero of lgamma, so within 16 ulp), log Γ(100) = log 99!, log Γ(1) = 0; the
// poles 0 and -3 give +inf. Expected values: those forms in mpmath at 200 bits, rounded
// to double.
// RUN: kauai oclc -execute -enqueue f -arg x,0.5,3.0,10.0,-0.5,-2.5,100.0,1.0 -compare r,0.5723649429247001,0.6931471805599453,12.801827480081469,1.2655121234846454,-0.056243716497674054,359.1342053695754,0.0 -ulp-error 16 -print s,7 -print p,2 -global 7 %s
// CHECK: r - match
// CHECK-NEXT: s,1,1,1,-1,-1,1,1
// CHECK-NEXT: p,1,1

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void f(__global const double *x, __global double *r, __global int *s,
                __global int *p)
{
    int i = get_global_id(0);
    int k;
    r[i] = lgamma_r(x[i], &k);
    s[i] = k;
    if (i < 2) {
        double v = lgamma(x[i] * 0.0 - 3.0 * i);
        p[i] = (isinf(v) && v > 0.0) ? 1 : 0;
    }
}
