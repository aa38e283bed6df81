typedef struct { int a; } S;
struct Incomplete;

__kernel void k(__global float4 *v, __global int *p, __local int *l)
{
    float4 x = v[0];
    float2 y = x.xyz;
    float z = x.q;
    float4 w = (float4)(1.0f, 2.0f);
    int4 i = (int4)x;
    S s;
    s.b = 1;
    int n = sizeof(struct Incomplete);
    int d = p - l;
    x.xx = y;
    int4 bad = i + 1.5f;
    *p = s;
    p();
}

/* EXPECTED
error: cannot convert `float3` to `float2` in initialization
  ┌─ expressions.cl:7:16
  │
7 │     float2 y = x.xyz;
  │                ^^^^^ use convert_float2() or as_float2()

error: invalid swizzle `.q` on `float4`
  ┌─ expressions.cl:8:17
  │
8 │     float z = x.q;
  │                 ^ `q` is not a component name (x, y, z, w, s0..sF, lo, hi, even, odd)

error: `float4` literal has 2 components, expected 4
  ┌─ expressions.cl:9:16
  │
9 │     float4 w = (float4)(1.0f, 2.0f);
  │                ^^^^^^^^^^^^^^^^^^^^

error: cannot cast `float4` to `int4`
   ┌─ expressions.cl:10:14
   │
10 │     int4 i = (int4)x;
   │              ^^^^^^^ explicit casts between vector types are not allowed; use convert_int4() or as_int4()

error: no member named `b` in `S`
   ┌─ expressions.cl:12:7
   │
12 │     s.b = 1;
   │       ^

error: sizeof of incomplete type `struct Incomplete`
   ┌─ expressions.cl:13:13
   │
13 │     int n = sizeof(struct Incomplete);
   │             ^^^^^^^^^^^^^^^^^^^^^^^^^

error: cannot subtract `__global int*` and `__local int*`
   ┌─ expressions.cl:14:13
   │
14 │     int d = p - l;
   │             ^^^^^ pointers must have the same type

error: cannot assign to this swizzle
   ┌─ expressions.cl:15:5
   │
15 │     x.xx = y;
   │     ^^^^ its lanes must be distinct and defined

error: invalid operands to `+`: `int4` and `float`
   ┌─ expressions.cl:16:16
   │
16 │     int4 bad = i + 1.5f;
   │                ^^^^^^^^ a floating-point scalar does not widen to an integer vector

error: expected a scalar or vector, found `S`
   ┌─ expressions.cl:17:10
   │
17 │     *p = s;
   │          ^ a struct or union value cannot be used here

error: called object `p` is not a function
   ┌─ expressions.cl:18:5
   │
18 │     p();
   │     ^^^

*/
