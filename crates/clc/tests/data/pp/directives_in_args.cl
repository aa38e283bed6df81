// Directives inside a macro's argument list are processed (as gcc does), except
// #include.
#define f(x) [x]
f(a
#if 1
b
#else
c
#endif
d)
f(
#define INNER inner
INNER)
f(
#pragma unroll 2
e)
f(
#undef f
g) f(h)
// ---- EXPECT ----
// [a b d]
// [inner]
// #pragma unroll 2
// [e]
// [g] f(h)
// ---- DIAGNOSTICS ----
