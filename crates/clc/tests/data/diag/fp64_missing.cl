__kernel void k(__global double *d)
{
    d[0] = 1.0;
}

/* EXPECTED
error: double precision is not supported by this device
  ┌─ fp64_missing.cl:1:26
  │
1 │ __kernel void k(__global double *d)
  │                          ^^^^^^ `double` needs the cl_khr_fp64 extension

*/
