// Half values made by casts are still not for arithmetic without cl_khr_fp16.
__kernel void k(__global float *f)
{
    f[0] = (half)f[1] * (half)f[2];
}

/* EXPECTED
error: not supported yet: half arithmetic (cl_khr_fp16) on this device
  ┌─ fp16_cast_arith_unavailable.cl:4:12
  │
4 │     f[0] = (half)f[1] * (half)f[2];
  │            ^^^^^^^^^^^^^^^^^^^^^^^ this device does not offer cl_khr_fp16
  │
  = read and write half data with vload_half/vstore_half

*/
