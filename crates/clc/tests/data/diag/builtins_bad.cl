__kernel void k(__global float *f, __global int *i)
{
    printf("%d\n", 1);
    f[0] = sqrt(f, 1);
    f[1] = sqrt((int2)(1, 2));
    i[0] = atomic_add(f, 1);
    f[2] = vload_half(0, f);
    i[1] = as_int(f[0], 1);
    i[2] = as_int((char)1);
}

/* EXPECTED
error: `sqrt` takes 1 argument, 2 given
  ┌─ builtins_bad.cl:4:12
  │
4 │     f[0] = sqrt(f, 1);
  │            ^^^^^^^^^^ in this call
  │
  = candidates: sqrt(floatn (or doublen with cl_khr_fp64), n = 1, 2, 3, 4, 8, 16)

error: no matching overload of `sqrt` for (int2)
  ┌─ builtins_bad.cl:5:12
  │
5 │     f[1] = sqrt((int2)(1, 2));
  │            ^^^^^^^^^^^^^^^^^^ in this call
  │
  = candidates: sqrt(floatn (or doublen with cl_khr_fp64), n = 1, 2, 3, 4, 8, 16)

error: no matching overload of `atomic_add` for (__global float*, int)
  ┌─ builtins_bad.cl:6:12
  │
6 │     i[0] = atomic_add(f, 1);
  │            ^^^^^^^^^^^^^^^^ in this call
  │
  = candidates: atomic_add(volatile __global int *p, ... or __local; int or uint)

error: no matching overload of `vload_half` for (int, __global float*)
  ┌─ builtins_bad.cl:7:12
  │
7 │     f[2] = vload_half(0, f);
  │            ^^^^^^^^^^^^^^^^ in this call
  │
  = candidates: vload_half(size_t offset, const __space half *p)

error: `as_int` takes 1 argument, 2 given
  ┌─ builtins_bad.cl:8:12
  │
8 │     i[1] = as_int(f[0], 1);
  │            ^^^^^^^^^^^^^^^ in this call
  │
  = candidates: as_int(a type of the same size)

error: `as_int` needs an operand of 4 bytes, `char` has 1
  ┌─ builtins_bad.cl:9:12
  │
9 │     i[2] = as_int((char)1);
  │            ^^^^^^^^^^^^^^^ as_T reinterprets bits and cannot change the size

*/
