// erf, erfc, tgamma, and sinh/cosh between 88.72 (where e^x overflows) and 89.42 (where
// they do), within their OpenCL 1.2 ulp limits (16, 16, 16, 4) on every device; the
// amdil target had no erf/erfc/tgamma and overflowed sinh/cosh there. Expected values:
// mpmath at 100 bits, rounded to float.
// RUN: kauai oclc -execute -enqueue f -arg x,0.30000001192092896,1.5,-2.5,4.0,0.30000001192092896,2.0,5.0,9.0,0.5,5.5,-2.5,30.25,-0.0010000000474974513,89.0,-89.0,88.80000305175781 -compare r,0.3286267817020416,0.9661051630973816,-0.9995930194854736,1.0,0.6713732481002808,0.004677734803408384,1.5374598295869735e-12,4.137031708073991e-37,1.7724539041519165,52.342777252197266,-0.9453087449073792,2.062805358473769e+31,-1000.5781860351562,2.2448063889081578e+38,-2.2448063889081578e+38,1.8378976450782574e+38 -ulp-error 4 -global 16 %s
// CHECK: r - match

__kernel void f(__global const float *x, __global float *r)
{
    int i = get_global_id(0);
    float v = x[i];
    if (i < 4)
        r[i] = erf(v);
    else if (i < 8)
        r[i] = erfc(v);
    else if (i < 13)
        r[i] = tgamma(v);
    else if (i == 14)
        r[i] = sinh(v);
    else
        r[i] = cosh(v);
}
