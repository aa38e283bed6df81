// An arity error lists the overloads from the builtin table: clamp takes integers as
// well as floats, abs integers only, sqrt floats only.
__kernel void k(__global int *o, __global float *f)
{
    o[0] = clamp(o[1], 0);
    o[1] = abs(o[1], 2);
    f[0] = sqrt(f[1], f[2]);
}

/* EXPECTED
error: `clamp` takes 3 arguments, 2 given
  ┌─ builtin_candidates.cl:5:12
  │
5 │     o[0] = clamp(o[1], 0);
  │            ^^^^^^^^^^^^^^ in this call
  │
  = candidates: clamp(charn, ucharn, shortn, ushortn, intn, uintn, longn, ulongn, floatn (or doublen with cl_khr_fp64); n = 1, 2, 3, 4, 8, 16)

error: `abs` takes 1 argument, 2 given
  ┌─ builtin_candidates.cl:6:12
  │
6 │     o[1] = abs(o[1], 2);
  │            ^^^^^^^^^^^^ in this call
  │
  = candidates: abs(charn, ucharn, shortn, ushortn, intn, uintn, longn, ulongn; n = 1, 2, 3, 4, 8, 16)

error: `sqrt` takes 1 argument, 2 given
  ┌─ builtin_candidates.cl:7:12
  │
7 │     f[0] = sqrt(f[1], f[2]);
  │            ^^^^^^^^^^^^^^^^ in this call
  │
  = candidates: sqrt(floatn (or doublen with cl_khr_fp64), n = 1, 2, 3, 4, 8, 16)

*/
