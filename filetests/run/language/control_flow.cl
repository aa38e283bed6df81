// Loops and short-circuit control flow on scalars, per work-item n = 0..7:
//  loops: a while loop with continue (sum of the odd k in 1..3n = ceil(3n/2)^2), a
//    do-while (integer halvings of 100 + n until below 10: always 4) and a for loop
//    without condition left by break (first j with j*j > 5n) -> out[3i..3i+2];
//  logic: && and || must not evaluate their right side when the left decides it: the
//    right sides increment a counter, so calls = number of right-side evaluations;
//    with the comma operator and ?: -> flags[i] = 100 * calls + 10 * (a && b) + (a || b)
//    where a = n % 2, b = n > 3.
// Expected: closed forms evaluated in Python (reference/language.py); also checked by
// reference/c_crosscheck.py.
// RUN: kauai oclc -execute -enqueue control -arg n,range(0,7) -print out,24 -print flags,8 -global 8 %s
// CHECK: out,0,4,1,4,4,3,9,4,4,25,4,4,36,4,5,64,4,6,81,4,6,121,4,6
// CHECK-NEXT: flags,100,101,100,101,101,111,101,111

int bump(int *calls, int v)
{
    (*calls)++;
    return v;
}

__kernel void control(__global const int *n, __global int *out, __global int *flags)
{
    size_t i = get_global_id(0);
    int m = n[i];
    int odd_sum = 0, k = 0;
    while (k < 3 * m) {
        k++;
        if (k % 2 == 0)
            continue;
        odd_sum += k;
    }
    int v = 100 + m, halvings = 0;
    do {
        v /= 2;
        halvings++;
    } while (v >= 10);
    int first = 0;
    for (int j = 0;; j++) {
        if (j * j > 5 * m) {
            first = j;
            break;
        }
    }
    out[3 * i + 0] = odd_sum;
    out[3 * i + 1] = halvings;
    out[3 * i + 2] = first;
    int calls = 0;
    int a = m % 2, b = m > 3;
    int both = a && bump(&calls, b);
    int either = a || bump(&calls, b);
    flags[i] = (calls = calls * 100, calls) + 10 * (both ? 1 : 0) + either;
}
