// Overload resolution rejects what clang-14 rejects: a long argument converts to both
// int and float (ambiguous), so does a uint; two arguments match no overload.
int __attribute__((overloadable)) f(int x) { return x + 1; }
float __attribute__((overloadable)) f(float x) { return x * 2.0f; }
__kernel void k(__global float *o)
{
    o[0] = f(1L);
    o[1] = f(3u);
    o[2] = f(1, 2);
}

/* EXPECTED
error: call to `f` is ambiguous
  ┌─ overload_resolution.cl:7:12
  │
3 │ int __attribute__((overloadable)) f(int x) { return x + 1; }
  │                                   -------- candidate `f(int)`
4 │ float __attribute__((overloadable)) f(float x) { return x * 2.0f; }
  │                                     ---------- candidate `f(float)`
  ·
7 │     o[0] = f(1L);
  │            ^^^^^

error: call to `f` is ambiguous
  ┌─ overload_resolution.cl:8:12
  │
3 │ int __attribute__((overloadable)) f(int x) { return x + 1; }
  │                                   -------- candidate `f(int)`
4 │ float __attribute__((overloadable)) f(float x) { return x * 2.0f; }
  │                                     ---------- candidate `f(float)`
  ·
8 │     o[1] = f(3u);
  │            ^^^^^

error: no matching function for call to `f`
  ┌─ overload_resolution.cl:9:12
  │
3 │ int __attribute__((overloadable)) f(int x) { return x + 1; }
  │                                   -------- candidate `f(int)`
4 │ float __attribute__((overloadable)) f(float x) { return x * 2.0f; }
  │                                     ---------- candidate `f(float)`
  ·
9 │     o[2] = f(1, 2);
  │            ^^^^^^^

*/
