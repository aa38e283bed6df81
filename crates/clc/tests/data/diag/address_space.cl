__kernel void k(__global int *g, __local int *l, int x)
{
    __private int *p = g;
    l = g;
    const int c = 3;
    c = 4;
}

/* EXPECTED
error: cannot convert `__global int*` to `int*` in initialization: the address spaces differ
  ┌─ address_space.cl:3:24
  │
3 │     __private int *p = g;
  │                        ^ this points to global memory

error: cannot convert `__global int*` to `__local int*` in assignment: the address spaces differ
  ┌─ address_space.cl:4:5
  │
4 │     l = g;
  │     ^^^^^ this points to global memory

error: cannot assign to a const-qualified object
  ┌─ address_space.cl:6:5
  │
6 │     c = 4;
  │     ^ this is read-only

*/
