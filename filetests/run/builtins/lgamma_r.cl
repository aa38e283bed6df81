// lgamma_r: lgamma (within 4 ulp of math.lgamma rounded to float) and the sign of
// Gamma: -1 on (-1, 0), (-3, -2), ..., else 1. Expected from reference/library.py.
// RUN: kauai oclc -execute -enqueue lg -arg gx,7,10.5,0.5,-0.5,-1.5,-2.25,1,2,100,-3.25 -compare lg,6.579251289367676,13.940625190734863,0.5723649263381958,1.2655121088027954,0.8600470423698425,0.5555015206336975,0.0,0.0,359.13421630859375,-0.6231534481048584 -ulp-error 4 -print sg,10 -global 10 %s
// CHECK: lg - match
// CHECK-NEXT: sg,1,1,1,-1,1,-1,1,1,1,1

__kernel void lg(__global const float *gx, __global float *lg, __global int *sg)
{
    int i = get_global_id(0);
    int s;
    lg[i] = lgamma_r(gx[i], &s);
    sg[i] = s;
}
