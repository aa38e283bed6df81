// erf and erfc on doubles within OpenCL 1.2's 16 ulp on every device with doubles (the
// amdil target had no double erf/erfc): erf(1), erfc(-1) = 1 + erf(1), erf(0.5),
// erfc(2), erfc(10), erf(-3), erf(1e-300) = 2e-300/sqrt(pi) (the series' first term),
// erfc(26) (far out, through the exp(-x^2) factor). Expected values: mpmath at 200 bits,
// rounded to double.
// RUN: kauai oclc -execute -enqueue f -arg x,1.0,-1.0,0.5,2.0,10.0,-3.0,1e-300,26.0 -compare r,0.8427007929497149,1.8427007929497148,0.5204998778130465,0.004677734981047266,2.088487583762545e-45,-0.9999779095030014,1.1283791670955126e-300,5.663192408856143e-296 -ulp-error 4 -global 8 %s
// CHECK: r - match

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void f(__global const double *x, __global double *r)
{
    int i = get_global_id(0);
    double v = x[i];
    r[i] = (i == 1 || i == 3 || i == 4 || i == 7) ? erfc(v) : erf(v);
}
