// GNU statement expressions `({ ... })`, as gcc and clang accept them in OpenCL C:
// the value is the last expression statement's, the block has its own scope (the
// macro's `_a`/`_b` do not clash with the caller's), the operands are evaluated once,
// and a statement expression whose last item is not an expression is `void`.
// With x = in[i] = 0..7 (i = 0..7):
//   max3 = MAX(x, 3)                        = 3,3,3,3,4,5,6,7
//   side = ({ int _a = x++; _a * 2; }), then + x  = 2x + (x + 1) = 3x + 1
//   sum  = ({ int s = 0; for (k < x) s += k; s; }) = x(x-1)/2
//   out[i] = max3 * 1000 + side * 10 + sum (void one sets sum's base: adds 0)
// Expected: 3000+10+0, 3000+40+0, 3000+70+1, 3000+100+3, 4000+130+6, 5000+160+10,
// 6000+190+15, 7000+220+21 (by hand).
// RUN: kauai oclc -execute -enqueue stmt_expr -arg in,range(0,7) -print out,8 -global 8 %s
// CHECK: out,3010,3040,3071,3103,4136,5170,6205,7241

#define MAX(a, b) ({ int _a = (a), _b = (b); _a > _b ? _a : _b; })

__kernel void stmt_expr(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int _a = in[i];
    int x = _a;
    int max3 = MAX(x, 3);
    int side = ({ int _a = x++; _a * 2; });
    side += x;
    int sum = ({
        int s = 0;
        for (int k = 0; k < _a; k++)
            s += k;
        s;
    });
    ({ if (sum < 0) sum = 0; });
    out[i] = max3 * 1000 + side * 10 + sum;
}
