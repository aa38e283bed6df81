// Doubles with -fp64: the metadata gets an ;error: line (docs/spec/amd-runtime-abi.md#the-metadata-block) and the build fails with
// it.
// MCPU: cypress
// MATTR: -fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void d(__global double *x)
{
    x[0] = x[0] * 2.0;
}

/* EXPECT:
; build failed: FINALIZE_PROGRAM_FAILURE: __OpenCL_d_kernel: E001:Doubles are not supported
*/
