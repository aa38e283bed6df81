// GNU forms that kernels written for gcc/clang use around statement-expression macros:
// `__extension__ ({ ... })` and `__builtin_expect(e, c)` (its value is e, as a long).
// By hand: v = ({ t = 3; t + 1 }) = 4; likely(v > 0) holds, so o[0] = sq(4) + 4 * 2 = 24;
// __builtin_expect(v * 10, 0) = 40; unlikely(v < 0) does not hold: o[2] = 1
// (clang-14 -O2 folds the same 24, 40, 1).
// RUN: kauai oclc -execute -enqueue gnu -print o,3 -global 1 %s
// CHECK: o,24,40,1

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

static inline int sq(int x) { return x * x; }

__kernel void gnu(__global int *o)
{
    int v = __extension__ ({ int t = 3; t + 1; });
    if (likely(v > 0))
        o[0] = sq(v) + v * 2;
    o[1] = __builtin_expect(v * 10, 0);
    o[2] = unlikely(v < 0) ? 5 : 1;
}
