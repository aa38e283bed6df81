__kernel void k(__global int *out)
{
    out[0] = missing + 1;
    out[1] = foo(2);
    float4 v = (float4)(1.0f);
    int4 w = v;
}

/* EXPECTED
error: use of undeclared identifier `missing`
  ┌─ undeclared.cl:3:14
  │
3 │     out[0] = missing + 1;
  │              ^^^^^^^ not declared in this scope

error: call to undeclared function `foo`
  ┌─ undeclared.cl:4:14
  │
4 │     out[1] = foo(2);
  │              ^^^^^^ not declared
  │
  = OpenCL C has no implicit function declarations

error: cannot convert `float4` to `int4` in initialization
  ┌─ undeclared.cl:6:14
  │
6 │     int4 w = v;
  │              ^ use convert_int4() or as_int4()

*/
