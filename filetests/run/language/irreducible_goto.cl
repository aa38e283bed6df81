// Irreducible control flow: `goto` jumps into the middle of a loop for odd n, so the loop
// has two entries (the loop head and the `inside` label). Any structurizer or barrier
// scheduler must keep the semantics:
//   acc = 0; i = n; if (n odd) goto inside;
//   loop: acc += 1; inside: acc += 10; if (--i > 0) goto loop;
// n even (>= 1): n rounds of +11 -> 11n; n odd: the first round skips the +1 -> 11n - 1;
// n = 0: one round (the test is at the bottom), -> 11. n = 0..7 -> 11, 10, 22, 32, 44,
// 54, 66, 76 (Python simulation: reference/language.py; gcc agrees via c_crosscheck.py).
// RUN: kauai oclc -execute -enqueue irreducible -arg n,range(0,7) -print out,8 -global 8 %s
// CHECK: out,11,10,22,32,44,54,66,76

__kernel void irreducible(__global const int *n, __global int *out)
{
    size_t k = get_global_id(0);
    int acc = 0;
    int i = n[k];
    if (i & 1)
        goto inside;
loop:
    acc += 1;
inside:
    acc += 10;
    if (--i > 0)
        goto loop;
    out[k] = acc;
}
