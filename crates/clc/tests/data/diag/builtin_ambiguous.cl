// OPTIONS: fp64
// Float builtins called with integer arguments only are ambiguous with cl_khr_fp64 (float
// and double overloads fit equally): clang-14 rejects exactly lines 5, 6, 8, 9, 10 and 12.
__kernel void k(__global float *o, int n) {
  o[0] = sqrt(2);
  o[1] = pow(2, 3);
  o[2] = pow(2.0f, 3);
  o[3] = step(1, 2);
  o[4] = isnan(n);
  o[5] = fabs(n);
  o[6] = mix(1, 2, 0.5f);
  o[7] = ldexp(1, 2);
  o[8] = max(1, 2);
  o[9] = clamp(n, 0, 3);
}

/* EXPECTED
error: call to `sqrt` is ambiguous
  ┌─ builtin_ambiguous.cl:5:10
  │
5 │   o[0] = sqrt(2);
  │          ^^^^^^^ integer arguments convert equally well to float and double
  │
  = make one argument floating, e.g. `2.0f` or `(float)x`

error: call to `pow` is ambiguous
  ┌─ builtin_ambiguous.cl:6:10
  │
6 │   o[1] = pow(2, 3);
  │          ^^^^^^^^^ integer arguments convert equally well to float and double
  │
  = make one argument floating, e.g. `2.0f` or `(float)x`

error: call to `step` is ambiguous
  ┌─ builtin_ambiguous.cl:8:10
  │
8 │   o[3] = step(1, 2);
  │          ^^^^^^^^^^ integer arguments convert equally well to float and double
  │
  = make one argument floating, e.g. `2.0f` or `(float)x`

error: call to `isnan` is ambiguous
  ┌─ builtin_ambiguous.cl:9:10
  │
9 │   o[4] = isnan(n);
  │          ^^^^^^^^ integer arguments convert equally well to float and double
  │
  = make one argument floating, e.g. `2.0f` or `(float)x`

error: call to `fabs` is ambiguous
   ┌─ builtin_ambiguous.cl:10:10
   │
10 │   o[5] = fabs(n);
   │          ^^^^^^^ integer arguments convert equally well to float and double
   │
   = make one argument floating, e.g. `2.0f` or `(float)x`

error: call to `ldexp` is ambiguous
   ┌─ builtin_ambiguous.cl:12:10
   │
12 │   o[7] = ldexp(1, 2);
   │          ^^^^^^^^^^^ integer arguments convert equally well to float and double
   │
   = make one argument floating, e.g. `2.0f` or `(float)x`

*/
