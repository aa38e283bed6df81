// Common kernel macro idioms; checked by hand against gcc -E -P (same tokens).
#define TYPE float
#define VEC 4
#define CAT_(a, b) a ## b
#define CAT(a, b) CAT_(a, b)
#define VTYPE CAT(TYPE, VEC)
#define VLOAD CAT(vload, VEC)
#define KERNEL(name) __kernel void CAT(name, _ ## TYPE)
KERNEL(scale)(__global VTYPE *p, TYPE s) { p[0] = VLOAD(0, (__global TYPE *)p) * s; }
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define CLAMP(x, lo, hi) MIN(MAX(x, lo), hi)
#define MAX(a, b) ((a) > (b) ? (a) : (b))
int c = CLAMP(v, 0, 255);
#define REPEAT2(m, i) m(i) m(i + 1)
#define REPEAT4(m, i) REPEAT2(m, i) REPEAT2(m, i + 2)
#define STEP(k) acc += a[k] * b[k];
REPEAT4(STEP, 0)
#define STRINGIFY(...) #__VA_ARGS__
const char *src = STRINGIFY(__kernel void k(__global int *x) { x[0] = 1; });
#define EMPTY
#define DEFER(id) id EMPTY
#define EXPAND(...) __VA_ARGS__
#define A() 123
DEFER(A)() EXPAND(DEFER(A)())
#define OBSTRUCT(...) __VA_ARGS__ DEFER(EMPTY)()
#if defined(cl_khr_fp64) || 0x10 > 15 && (1 ? 2 : (1/0))
fp_ok
#endif
#define ARR(...) { __VA_ARGS__ }
int arr[] = ARR(1, 2, 3);
#define F(x, y) x ## y
F(a,  b) F( a b , c d )
#define G(x) -x-
G(-) G( - ) G(+)
#define H(x) x
H(a)H(b) H( )H(c)
// ---- EXPECT ----
// __kernel void scale_TYPE(__global float4 *p, float s) { p[0] = vload4(0, (__global float *)p) * s; }
// int c = ((((v) > (0) ? (v) : (0))) < (255) ? (((v) > (0) ? (v) : (0))) : (255));
// acc += a[0] * b[0]; acc += a[0 + 1] * b[0 + 1]; acc += a[0 + 2] * b[0 + 2]; acc += a[0 + 2 + 1] * b[0 + 2 + 1];
// const char *src = "__kernel void k(__global int *x) { x[0] = 1; }";
// A() 123
// fp_ok
// int arr[] = { 1, 2, 3 };
// ab a bc d
// - - - - - - -+-
// a b c
// ---- DIAGNOSTICS ----
