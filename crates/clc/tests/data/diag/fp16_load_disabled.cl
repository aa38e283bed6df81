// OPTIONS: fp16
// Reading a half through a pointer needs the extension; vload_half does not.
__kernel void k(__global half *h, __global float *f)
{
    f[0] = h[0];
    f[1] = vload_half(1, h);
}

/* EXPECTED
error: loading directly from pointer to type 'half' requires cl_khr_fp16; use vector data load builtin functions instead
  ┌─ fp16_load_disabled.cl:5:12
  │
5 │     f[0] = h[0];
  │            ^^^^ half needs cl_khr_fp16
  │
  = enable it with `#pragma OPENCL EXTENSION cl_khr_fp16 : enable`

*/
