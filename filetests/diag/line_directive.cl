// Diagnostics after `#line` report the presumed file and line (as gcc and clang do),
// while the source line shown is the real one.
__kernel void before(__global int *out)
{
    out[0] = undeclared_before;
}
#line 40 "kernels.y"
__kernel void after(__global int *out)
{
    out[0] = undeclared_after;
    int unused = 1 +;
}
#line 7
__kernel void renumbered_only(__global float *out)
{
    out[0] = __LINE__ + bogus;
}

/* EXPECTED
error: expected an expression
   ┌─ kernels.y:43:21
   │
43 │     int unused = 1 +;
   │                     ^ found `;`

error: use of undeclared identifier `undeclared_before`
  ┌─ line_directive.cl:5:14
  │
5 │     out[0] = undeclared_before;
  │              ^^^^^^^^^^^^^^^^^ not declared in this scope

error: use of undeclared identifier `undeclared_after`
   ┌─ kernels.y:42:14
   │
42 │     out[0] = undeclared_after;
   │              ^^^^^^^^^^^^^^^^ not declared in this scope

error: use of undeclared identifier `bogus`
  ┌─ kernels.y:9:25
  │
9 │     out[0] = __LINE__ + bogus;
  │                         ^^^^^ not declared in this scope

*/
