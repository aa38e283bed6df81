int g = 3;

void helper(void)
{
    __local int t[4];
}

__kernel void k(__global int *out)
{
    int x;
    int x;
    static int s = 1;
    out[0] = y;
    break;
}

/* EXPECTED
error: program scope variables must be declared in the __constant address space
  ┌─ scopes.cl:1:5
  │
1 │ int g = 3;
  │     ^^^^^ add `__constant` (OpenCL C 1.2 has no other program-scope variables)

error: __local variables can be declared only at kernel function scope
  ┌─ scopes.cl:5:17
  │
5 │     __local int t[4];
  │                 ^^^^

error: redefinition of `x`
   ┌─ scopes.cl:11:9
   │
10 │     int x;
   │         - first defined here
11 │     int x;
   │         ^ defined again here

error: static local variables are not allowed in OpenCL C 1.2
   ┌─ scopes.cl:12:5
   │
12 │     static int s = 1;
   │     ^^^^^^

error: use of undeclared identifier `y`
   ┌─ scopes.cl:13:14
   │
13 │     out[0] = y;
   │              ^ not declared in this scope

error: `break` outside a loop or switch
   ┌─ scopes.cl:14:5
   │
14 │     break;
   │     ^^^^^^

*/
