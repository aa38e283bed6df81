// A missing `;` is reported once, right after the previous token (clang-14: 6:14), and
// the next line is still parsed as if the `;` were there: the two other missing `;` (which
// clang skips over) and the undeclared `zz` are reported, nothing twice.
__kernel void k(__global int *o)
{
    int x = 1
    o[0] = x
    o[1] = 2
    o[2] = 3;
    o[3] = zz;
}

/* EXPECTED
error: expected `;` after declaration
  ┌─ missing_semicolon.cl:6:14
  │
6 │     int x = 1
  │              ^ add `;` here

error: expected `;` after expression
  ┌─ missing_semicolon.cl:7:13
  │
7 │     o[0] = x
  │             ^ add `;` here

error: expected `;` after expression
  ┌─ missing_semicolon.cl:8:13
  │
8 │     o[1] = 2
  │             ^ add `;` here

error: use of undeclared identifier `zz`
   ┌─ missing_semicolon.cl:10:12
   │
10 │     o[3] = zz;
   │            ^^ not declared in this scope

*/
