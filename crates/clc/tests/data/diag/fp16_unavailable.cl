// A device without cl_khr_fp16 (the kauai IL devices): the pragma is ignored with a
// warning and half arithmetic is not supported, with a pointer to vload_half.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global half *h, __global float *f)
{
    f[0] = sqrt(convert_half(f[1]));
}

/* EXPECTED
warning: unsupported OpenCL extension 'cl_khr_fp16' - ignoring
  ┌─ fp16_unavailable.cl:3:26
  │
3 │ #pragma OPENCL EXTENSION cl_khr_fp16 : enable
  │                          ^^^^^^^^^^^ not supported by this device

error: not supported yet: conversions of half values (cl_khr_fp16) on this device
  ┌─ fp16_unavailable.cl:6:17
  │
6 │     f[0] = sqrt(convert_half(f[1]));
  │                 ^^^^^^^^^^^^^^^^^^ this device does not offer cl_khr_fp16
  │
  = read and write half data with vload_half/vstore_half

*/
