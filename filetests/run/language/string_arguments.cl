// String literals as values: passed to a `__constant char *` parameter (OpenCL C 1.2
// puts string literals in the constant address space), bound to a `__constant char *`
// variable, chosen by `?:`, subscripted, and compared by content.
// Expected (Python: h = 5381; h = (h * 33 + byte) mod 2^32 for each byte):
//   djb2("abc") = 193485963, djb2("kernel") = 148574086, djb2("") = 5381;
//   len("hello") = 5; p = "abc" so djb2(p) = 193485963; "xyz"[2] = 'z' = 122;
//   i = 0 picks "ab" (len 2); same("abc", "abc") = 1, same("abc", "abd") = 0.
// RUN: kauai oclc -execute -enqueue strings -print out,9 -global 1 %s
// CHECK: out,193485963,148574086,5381,5,193485963,122,2,1,0

uint djb2(__constant char *s)
{
    uint h = 5381;
    for (int i = 0; s[i] != 0; i++)
        h = h * 33 + (uchar)s[i];
    return h;
}

int len(__constant char *s)
{
    int n = 0;
    while (s[n])
        n++;
    return n;
}

int same(__constant char *a, __constant char *b)
{
    int i = 0;
    while (a[i] && a[i] == b[i])
        i++;
    return a[i] == b[i];
}

__kernel void strings(__global uint *out)
{
    int i = get_global_id(0);
    __constant char *p = "abc";
    out[0] = djb2("abc");
    out[1] = djb2("kernel");
    out[2] = djb2("");
    out[3] = len("hello");
    out[4] = djb2(p);
    out[5] = "xyz"[2];
    out[6] = len(i == 0 ? "ab" : "xyz");
    out[7] = same("abc", "abc");
    out[8] = same("abc", "abd");
}
