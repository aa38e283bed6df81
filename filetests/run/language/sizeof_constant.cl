// `sizeof(variable)` as an integer constant expression where no code runs: program-scope
// `__constant` initializers, array sizes at program scope and in a kernel, and a
// kernel-scope `__constant` (the idioms `sizeof(a) / sizeof(a[0])`, `sizeof(s.f)`,
// `sizeof(*p)` that real kernels use). By hand: tab has 5 ints (20 bytes), so n = 5;
// twice has 10 elements; S is {int; float4} = 32 bytes (float4 aligned to 16), so
// sizeof(s) = 32, sizeof(s.v) = 16, sizeof(*tab) = 4;
// the private array buf has n = 5 elements, summing tab's 1+2+3+4+5 = 15;
// kernel-scope k2 = sizeof(twice) = 40; sizeof("abc") = 4.
// RUN: kauai oclc -execute -enqueue sizes -print out,8 -global 1 %s
// CHECK: out,5,10,32,16,4,15,40,4

typedef struct { int a; float4 v; } S;
__constant int tab[] = {1, 2, 3, 4, 5};
__constant int n = sizeof(tab) / sizeof(tab[0]);
__constant int twice[2 * sizeof(tab) / sizeof(int)] = {0};
__constant S s = {1, (float4)(0.0f)};
__constant uint ssize = sizeof(s);
__constant uint vsize = sizeof(s.v);
__constant uint elem = sizeof(*tab);
__constant uint strsize = sizeof("abc");

__kernel void sizes(__global int *out)
{
    __constant int k2 = sizeof(twice);
    int buf[sizeof(tab) / sizeof(tab[0])];
    for (int i = 0; i < n; i++)
        buf[i] = tab[i];
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += buf[i];
    out[0] = n;
    out[1] = sizeof(twice) / sizeof(twice[0]);
    out[2] = ssize;
    out[3] = vsize;
    out[4] = elem;
    out[5] = sum;
    out[6] = k2;
    out[7] = strsize;
}
