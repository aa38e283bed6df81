// A table of names as real kernels keep it: a `__constant` array of `__constant char *`
// pointers initialized with string literals (clang-14 -cl-std=CL1.2 accepts it: a string
// literal's address is a constant expression), indexed at run time. Work-item g copies
// the first 4 characters of names[g] ("alpha", "beta", "gamma", "delta"; "beta" ends in
// its NUL at index 4, which is not copied) and writes the length of names[3 - g].
// Expected by hand: character codes a l p h / b e t a / g a m m / d e l t and lengths
// 5 5 4 5.
// RUN: kauai oclc -execute -enqueue copy_names -print out,16 -print len,4 -global 4 %s
// CHECK: out,97,108,112,104,98,101,116,97,103,97,109,109,100,101,108,116
// CHECK-NEXT: len,5,5,4,5

__constant char *__constant names[] = {"alpha", "beta", "gamma", "delta"};

int length(__constant char *s)
{
    int n = 0;
    while (s[n])
        n++;
    return n;
}

__kernel void copy_names(__global uchar *out, __global int *len)
{
    int g = get_global_id(0);
    __constant char *s = names[g];
    for (int k = 0; k < 4; k++)
        out[g * 4 + k] = s[k];
    len[g] = length(names[3 - g]);
}
