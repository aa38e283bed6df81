// OPTIONS: fp16
// The device offers cl_khr_fp16 but the source does not enable it: a half variable is
// refused with clang's wording and the pragma to write (once per unit, as doubles are).
__kernel void k(__global half *h, __global float *f)
{
    half x = h[0];
    f[0] = vload_half(0, h);
}

/* EXPECTED
error: declaring variable of type 'half' is not allowed
  ┌─ fp16_disabled.cl:6:10
  │
6 │     half x = h[0];
  │          ^^^^^^^^ half needs cl_khr_fp16
  │
  = enable it with `#pragma OPENCL EXTENSION cl_khr_fp16 : enable`

*/
