// pow within OpenCL's 16 ulp where the result is large or tiny: computing y log2 x in
// float loses the low bits of the exponent (pow(2.5, 34.04) was 41 ulp off on the kauai
// devices). Expected values from reference/library.py (Python's decimal module, 40
// digits, rounded to float).
// RUN: kauai oclc -execute -enqueue pw -arg x,2.5,2.5,2.5,10.0,0.30000001192092896,7.0 -arg y,34.03553009033203,-34.847164154052734,20.5,37.5,-60.25,45.125 -compare r,35002507067392.0,1.3580607145303233e-14,143803744.0,3.1622776379076604e+37,3.1874499474333085e+31,1.364737322986461e+38 -ulp-error 16 -global 6 %s
// CHECK: r - match

__kernel void pw(__global const float *x, __global const float *y, __global float *r)
{
    int i = get_global_id(0);
    r[i] = pow(x[i], y[i]);
}
