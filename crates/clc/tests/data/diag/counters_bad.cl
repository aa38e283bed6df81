// OPTIONS: counters
// What is refused about counter32_t (cl_ext_atomic_counters_32): a counter is only a
// parameter, passed by value, and only atomic_inc/atomic_dec take it.
#pragma OPENCL EXTENSION cl_ext_atomic_counters_32 : enable

counter32_t f(counter32_t c);

__kernel void k(counter32_t c, counter32_t *pc, __global uint *out)
{
    counter32_t copy;
    out[0] = atomic_add(c, 1);
    out[1] = atom_inc(c);
    out[2] = c;
    out[3] = atomic_inc(c) + atomic_dec(c);
}

/* EXPECTED
error: a function cannot return `counter32_t`
  ┌─ counters_bad.cl:6:14
  │
6 │ counter32_t f(counter32_t c);
  │              ^^^^^^^^^^^^^^^ counters are only parameters

error: pointer to type `counter32_t` is invalid in OpenCL C
  ┌─ counters_bad.cl:8:44
  │
8 │ __kernel void k(counter32_t c, counter32_t *pc, __global uint *out)
  │                                            ^ counters are passed by value

error: variables cannot have type `counter32_t`
   ┌─ counters_bad.cl:10:17
   │
10 │     counter32_t copy;
   │                 ^^^^ counters can only be function parameters

error: no matching overload of `atomic_add` for (counter32_t, int)
   ┌─ counters_bad.cl:11:14
   │
11 │     out[0] = atomic_add(c, 1);
   │              ^^^^^^^^^^^^^^^^ in this call
   │
   = candidates: atomic_add(volatile __global int *p, ... or __local; int or uint (a counter32_t only with atomic_inc and atomic_dec))

error: no matching overload of `atom_inc` for (counter32_t)
   ┌─ counters_bad.cl:12:14
   │
12 │     out[1] = atom_inc(c);
   │              ^^^^^^^^^^^ in this call
   │
   = candidates: atom_inc(volatile __global int *p, ... or __local; int or uint (a counter32_t only with atomic_inc and atomic_dec))

error: cannot convert `counter32_t` to `uint` in assignment
   ┌─ counters_bad.cl:13:5
   │
13 │     out[2] = c;
   │     ^^^^^^^^^^ this has type `counter32_t`

*/
