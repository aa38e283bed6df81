// OPTIONS: fp16
// With cl_khr_fp16: half conversions keep the float rules (no _sat to a floating
// type), nextafter needs half arguments of one shape, as_half needs 2 bytes.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global half *h)
{
    h[0] = convert_half_sat(1.0f);
    h[1] = as_half(1.0f);
    half2 v = (half2)(1.0h, 2.0h);
    h[2] = v * (half3)(1.0h);
}

/* EXPECTED
error: `convert_half_sat`: _sat is not allowed for floating-point destinations
  ┌─ fp16_bad.cl:7:12
  │
7 │     h[0] = convert_half_sat(1.0f);
  │            ^^^^^^^^^^^^^^^^^^^^^^

error: `as_half` needs an operand of 2 bytes, `float` has 4
  ┌─ fp16_bad.cl:8:12
  │
8 │     h[1] = as_half(1.0f);
  │            ^^^^^^^^^^^^^ as_T reinterprets bits and cannot change the size

error: vector operands of `*` have different types: `half2` and `half3`
   ┌─ fp16_bad.cl:10:12
   │
10 │     h[2] = v * (half3)(1.0h);
   │            ^^^^^^^^^^^^^^^^^ OpenCL C has no implicit conversions between vector types

*/
