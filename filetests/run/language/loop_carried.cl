// Values carried around loops (the shapes SSA construction has to get right):
//  fib: a, b = b, a + b swapped each iteration, 64-bit: fib(n) for n = 10, 50, 90
//       -> 55, 12586269025, 2880067194370816120 (known values); and the same in uint,
//       wrapping modulo 2^32 (12586269025 mod 2^32 = 3996334433)
//  nest: a triangle of nested loops with break and continue carrying two accumulators:
//       for i < 6, for j < 6: skip j == i (continue), stop the row at j > i + 2 (break),
//       s += i * j, c += 1 -> s and c by the same loops in Python
//  sw: a switch inside a loop updating a variable that lives across iterations
//       (state machine over k = 0..9: state 0 -> 1 -> 2 -> 0, adding 1, 10, 100)
// Expected: reference/language.py; gcc agrees (reference/c_crosscheck.py).
// RUN: kauai oclc -execute -enqueue carried -arg n,10,50,90 -print fib,3 -print fib32,3 -print nest,2 -print sw,2 -global 3 %s
// CHECK: fib,55,12586269025,2880067194370816120
// CHECK-NEXT: fib32,55,3996334433,2713352312
// CHECK-NEXT: nest,151,24
// CHECK-NEXT: sw,334,1

__kernel void carried(__global const int *n, __global long *fib, __global uint *fib32,
                      __global int *nest, __global int *sw)
{
    size_t g = get_global_id(0);
    long a = 0, b = 1;
    uint a32 = 0, b32 = 1;
    for (int k = 0; k < n[g]; k++) {
        long t = a + b;
        a = b;
        b = t;
        uint t32 = a32 + b32;
        a32 = b32;
        b32 = t32;
    }
    fib[g] = a;
    fib32[g] = a32;
    if (g == 0) {
        int s = 0, c = 0;
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
                if (j == i)
                    continue;
                if (j > i + 2)
                    break;
                s += i * j;
                c += 1;
            }
        }
        nest[0] = s;
        nest[1] = c;
        int state = 0, acc = 0;
        for (int k = 0; k < 10; k++) {
            switch (state) {
            case 0:
                acc += 1;
                state = 1;
                break;
            case 1:
                acc += 10;
                state = 2;
                break;
            default:
                acc += 100;
                state = 0;
                break;
            }
        }
        sw[0] = acc;
        sw[1] = state;
    }
}
