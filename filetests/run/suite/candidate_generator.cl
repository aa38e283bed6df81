// A password-candidate generator as hashing tools write it, using the forms real code
// has: the charset is a string literal passed straight to a helper taking a `__constant
// char *`, its length comes from `sizeof` of a file-scope `__constant` array in a
// constant expression, a `__constant const` global is read in another global's
// initializer, and the digits come from a statement-expression macro. Work-item g
// writes candidate number g * stride + FIRST[0] (FIRST[0] = OFFSET = 3) as 4 base-20
// digits over "abcdefghij0123456789", most significant first. info = CHARSET_LEN = 20
// and FIRST[1] + charset[10] = 6 + '0' = 54. Expected: Python's base-20 digits over the
// same charset (reference/suite.py).
// RUN: kauai oclc -execute -enqueue candidates -arg stride,7 -print out,64 -print info,2 -global 16 %s
// CHECK: out,97,97,97,100,97,97,97,48,97,97,97,55,97,97,98,101,97,97,98,49,97,97,98,56,97,97,99,102,97,97,99,50,97,97,99,57,97,97,100,103,97,97,100,51,97,97,101,97,97,97,101,104,97,97,101,52,97,97,102,98,97,97,102,105
// CHECK-NEXT: info,20,54

__constant char charset[] = "abcdefghij0123456789";
constant int CHARSET_LEN = sizeof(charset) - 1;
__constant const int OFFSET = 3;
__constant int FIRST[2] = {OFFSET, OFFSET * 2};

#define DIGIT(n, base) ({ uint _q = (n) / (base); uint _r = (n) - _q * (base); (n) = _q; _r; })

uchar pick(__constant char *set, uint i)
{
    return set[i];
}

__kernel void candidates(uint stride, __global uchar *out, __global int *info)
{
    uint g = get_global_id(0);
    uint n = g * stride + FIRST[0];
    uchar c[4];
    for (int k = 3; k >= 0; k--)
        c[k] = pick("abcdefghij0123456789", DIGIT(n, CHARSET_LEN));
    for (int k = 0; k < 4; k++)
        out[g * 4 + k] = c[k];
    if (g == 0) {
        info[0] = CHARSET_LEN;
        info[1] = FIRST[1] + (int)pick(charset, 10);
    }
}
