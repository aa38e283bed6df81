int f(int x)
{
    return;
}

__kernel int k(float *p, bool b)
{
    return 0;
}

/* EXPECTED
error: non-void function should return a value
  ┌─ kernel_args.cl:3:5
  │
3 │     return;
  │     ^^^^^^^ expected a `int`

error: a kernel must return void
  ┌─ kernel_args.cl:6:10
  │
6 │ __kernel int k(float *p, bool b)
  │          ^^^

error: kernel pointer arguments must point to __global, __constant or __local memory
  ┌─ kernel_args.cl:6:16
  │
6 │ __kernel int k(float *p, bool b)
  │                ^^^^^^^^ add an address space qualifier

error: kernel arguments cannot have type `bool`
  ┌─ kernel_args.cl:6:26
  │
6 │ __kernel int k(float *p, bool b)
  │                          ^^^^^^

*/
