// `goto` for a loop (backward jump) and an early exit (forward jump): the Collatz step
// count of n = 1..16 (n -> n/2 when even, 3n+1 when odd, until 1). Known values, e.g.
// 3 -> 10 -> 5 -> 16 -> 8 -> 4 -> 2 -> 1 is 7 steps; 9 takes 19 (reference/language.py).
// RUN: kauai oclc -execute -enqueue collatz -arg n,range(1,16) -print steps,16 -global 16 %s
// CHECK: steps,0,1,7,2,5,8,16,3,19,6,14,9,9,17,17,4

__kernel void collatz(__global const int *n, __global int *steps)
{
    size_t i = get_global_id(0);
    int x = n[i];
    int s = 0;
again:
    if (x == 1)
        goto done;
    if (x % 2 == 0)
        x /= 2;
    else
        x = 3 * x + 1;
    s++;
    goto again;
done:
    steps[i] = s;
}
