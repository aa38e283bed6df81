// printf of half values (cl_khr_fp16): `%vNhf` and friends print a halfN element by
// element, joined by `,`; a scalar half is promoted and printed with `%f`. By hand:
// -0.099976h is the half -0.0999755859375 (1638 * 2^-14), so %f prints -0.099976, %.3e
// -9.998e-02 and %g -0.0999756; 1.5 and 65504 are exact.
// RUN: kauai oclc -execute -enqueue k -print o,1 -global 1 %s
// CHECK: 1.500000,-0.099976|65504.000000|1.500e+00,-9.998e-02|1.5,-0.0999756
// CHECK: o,0

#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void k(__global int *o)
{
    half2 v = (half2)(1.5h, -0.099976h);
    half h = 65504.0h;
    printf("%v2hf|%f|%.3v2he|%v2hg\n", v, h, v, v);
}
