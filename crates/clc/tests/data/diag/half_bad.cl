// vload_half/vstore_half misuse: a float pointer, a vector of the wrong size, a
// store through __constant, an unknown rounding suffix, and an int pointer to remquo.
__constant ushort tab[4] = { 0, 1, 2, 3 };

__kernel void k(__global float *f, __global half *h, __global float *q)
{
    vstore_half(f[0], 0, f);
    vstore_half4((float2)(1.0f, 2.0f), 0, h);
    vstore_half(1.0f, 0, (__constant half *)tab);
    vstore_half_rtq(1.0f, 0, h);
    f[1] = vload_half3(0, h, 1);
    f[2] = remquo(f[0], f[1], q);
    f[3] = lgamma_r(f[0], h);
}

/* EXPECTED
error: no matching overload of `vstore_half` for (float, int, __global float*)
  ┌─ half_bad.cl:7:5
  │
7 │     vstore_half(f[0], 0, f);
  │     ^^^^^^^^^^^^^^^^^^^^^^^ in this call
  │
  = candidates: vstore_half(float or double data, size_t offset, __space half *p)

error: no matching overload of `vstore_half4` for (float2, int, __global half*)
  ┌─ half_bad.cl:8:5
  │
8 │     vstore_half4((float2)(1.0f, 2.0f), 0, h);
  │     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ in this call
  │
  = candidates: vstore_half4(float4 or double4 data, size_t offset, __space half *p)

error: `vstore_half` stores through a pointer to const
  ┌─ half_bad.cl:9:26
  │
9 │     vstore_half(1.0f, 0, (__constant half *)tab);
  │                          ^^^^^^^^^^^^^^^^^^^^^^

error: call to undeclared function `vstore_half_rtq`
   ┌─ half_bad.cl:10:5
   │
10 │     vstore_half_rtq(1.0f, 0, h);
   │     ^^^^^^^^^^^^^^^^^^^^^^^^^^^ not declared
   │
   = OpenCL C has no implicit function declarations

error: `vload_half3` takes 2 arguments, 3 given
   ┌─ half_bad.cl:11:12
   │
11 │     f[1] = vload_half3(0, h, 1);
   │            ^^^^^^^^^^^^^^^^^^^^ in this call
   │
   = candidates: vload_half3(size_t offset, const __space half *p)

error: no matching overload of `remquo` for (float, float, __global float*)
   ┌─ half_bad.cl:12:12
   │
12 │     f[2] = remquo(f[0], f[1], q);
   │            ^^^^^^^^^^^^^^^^^^^^^ in this call
   │
   = candidates: remquo(float x, float y, __space int *out)

error: no matching overload of `lgamma_r` for (float, __global half*)
   ┌─ half_bad.cl:13:12
   │
13 │     f[3] = lgamma_r(f[0], h);
   │            ^^^^^^^^^^^^^^^^^ in this call
   │
   = candidates: lgamma_r(float x, __space int *out)

*/
