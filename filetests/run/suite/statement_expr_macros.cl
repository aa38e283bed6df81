// Macro-heavy code as real kernels write it with GNU statement expressions: type-generic
// MIN/MAX/SWAP/CLAMP built from `({ ... })` and `__typeof__`, evaluating each operand
// once, used in a sorting network (Batcher's odd-even merge for 8 elements, 19
// compare-exchanges) over each work-item's row of 8 ints, and a clamped sum with a
// statement expression holding a loop. Input: 4 rows of 8 values randint(-50,50),
// -seed 5. Expected: Python's sorted() per row, and sum(clamp(v, -20, 20)) per row
// (reference/suite.py).
// RUN: kauai oclc -execute -enqueue sort8 -arg rows,repeat(32,randint(-50,50)) -seed 5 -print rows,32 -print sums,4 -global 4 %s
// CHECK: rows,-40,-32,-27,-12,-11,1,25,49,-37,-7,-5,-5,10,38,44,46,-39,-35,-32,-5,-4,33,38,49,-38,-35,-31,-23,-4,21,35,44
// CHECK-NEXT: sums,-42,33,-9,-24

#define MIN(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a < _b ? _a : _b; })
#define MAX(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define CLAMP(x, lo, hi) MIN(MAX(x, lo), hi)
#define CMPX(v, i, j) ({ __typeof__(v[0]) _lo = MIN(v[i], v[j]); \
                         __typeof__(v[0]) _hi = MAX(v[i], v[j]); \
                         v[i] = _lo; v[j] = _hi; (void)0; })

__kernel void sort8(__global int *rows, __global int *sums)
{
    int g = get_global_id(0);
    int v[8];
    for (int i = 0; i < 8; i++)
        v[i] = rows[g * 8 + i];
    int s = ({ int _s = 0; for (int i = 0; i < 8; i++) _s += CLAMP(v[i], -20, 20); _s; });
    CMPX(v, 0, 1); CMPX(v, 2, 3); CMPX(v, 4, 5); CMPX(v, 6, 7);
    CMPX(v, 0, 2); CMPX(v, 1, 3); CMPX(v, 4, 6); CMPX(v, 5, 7);
    CMPX(v, 1, 2); CMPX(v, 5, 6);
    CMPX(v, 0, 4); CMPX(v, 1, 5); CMPX(v, 2, 6); CMPX(v, 3, 7);
    CMPX(v, 2, 4); CMPX(v, 3, 5);
    CMPX(v, 1, 2); CMPX(v, 3, 4); CMPX(v, 5, 6);
    for (int i = 0; i < 8; i++)
        rows[g * 8 + i] = v[i];
    sums[g] = s;
}
