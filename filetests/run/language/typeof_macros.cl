// `__typeof__(expr)` and `__typeof__(type)` (GNU, accepted by clang), as statement-
// expression macros use them: SWAP and MAX work for int, float4 and float alike, the
// operand of `__typeof__` is not evaluated, and it works at program scope.
// Expected values frozen from `clang-14 -cl-std=CL1.2 -emit-llvm -O2` of this kernel:
//   a, b = 1, 2 swapped: 2 * 10 + 1 = 21; v, w swapped: v.x + w.w = 5 + 4 = 9;
//   c = 7; MAX(2.5f, 1.0f) = 2.5; sizeof(__typeof__(w)) = 16; first = 4.5;
//   (*pv).y = v.y = 5; n stays 0 (`__typeof__(n++)` does not evaluate n++).
// RUN: kauai oclc -execute -enqueue tmacros -print o,8 -global 1 %s
// CHECK: o,21,9,7,2.5,16,4.5,5,0

#define SWAP(a, b) ({ __typeof__(a) _t = (a); (a) = (b); (b) = _t; })
#define MAX(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })

__constant float tab[3] = {1, 2, 3};
__constant __typeof__(tab[0] + 1.0f) first = 4.5f;

__kernel void tmacros(__global float *o)
{
    int a = 1, b = 2;
    SWAP(a, b);
    float4 v = (float4)(1, 2, 3, 4), w = (float4)(5);
    SWAP(v, w);
    __typeof__(int) c = 7;
    __typeof__(v) *pv = &v;
    int n = 0;
    __typeof__(n++) m = n;
    o[0] = a * 10 + b;
    o[1] = v.x + w.w;
    o[2] = c;
    o[3] = MAX(2.5f, 1.0f);
    o[4] = sizeof(__typeof__(w));
    o[5] = first;
    o[6] = (*pv).y;
    o[7] = m;
}
