// tgamma on doubles within OpenCL 1.2's 16 ulp on every device with doubles (the
// amdil target had no double tgamma). Closed forms: Γ(1/2) = sqrt(pi), Γ(5) = 24,
// Γ(-1/2) = -2 sqrt(pi), Γ(3/2) = sqrt(pi)/2, Γ(21/2) = (19!!/2^10) sqrt(pi), Γ(30) = 29!,
// Γ(-3.25) = Γ(3/4) / ((-3.25)(-2.25)(-1.25)(-0.25)) (the reflection side); Γ(200)
// overflows to inf and Γ(-200.5) underflows to -0 (floor(x) = -201 is odd); Γ(-2) is a
// pole (NaN). Expected values: those forms in mpmath at 200 bits, rounded to double.
// RUN: kauai oclc -execute -enqueue f -arg x,0.5,5.0,-0.5,1.5,10.5,30.0,-3.25 -compare r,1.772453850905516,24.0,-3.544907701811032,0.886226925452758,1133278.3889487856,8.841761993739702e+30,0.5362507279163854 -ulp-error 6 -print s,3 -global 7 %s
// CHECK: r - match
// CHECK-NEXT: s,1,-1,1

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void f(__global const double *x, __global double *r, __global int *s)
{
    int i = get_global_id(0);
    r[i] = tgamma(x[i]);
    if (i == 0) {
        s[0] = isinf(tgamma(200.0 + x[i] - 0.5)) ? 1 : 0;
        double u = tgamma(-200.5 + (x[i] - 0.5));
        s[1] = (u == 0.0) ? (signbit(u) ? -1 : 1) : 0;
        s[2] = isnan(tgamma(-2.0 + (x[i] - 0.5))) ? 1 : 0;
    }
}
