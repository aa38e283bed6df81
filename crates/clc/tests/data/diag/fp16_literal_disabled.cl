// OPTIONS: fp16
// A half literal without `#pragma OPENCL EXTENSION cl_khr_fp16 : enable`.
__kernel void k(__global float *f)
{
    f[0] = 1.5h;
}

/* EXPECTED
error: half precision constant requires cl_khr_fp16
  ┌─ fp16_literal_disabled.cl:5:12
  │
5 │     f[0] = 1.5h;
  │            ^^^^ half needs cl_khr_fp16
  │
  = enable it with `#pragma OPENCL EXTENSION cl_khr_fp16 : enable`

*/
