// Program-scope pointers in __constant data, each an address the executor writes when
// it places the globals: a literal plus 1, an element of a table, pointers inside an
// array of structs, a pointer to a pointer, a cast (the int at the start of "ab\0\0"
// is 0x6261 = 25185, little-endian), and the null pointer. Expected by hand from the
// character codes: y 121, z 122, d 100, w 119.
// RUN: kauai oclc -execute -enqueue k -print out,8 -global 1 %s
// CHECK: out,121,122,100,119,3,121,25185,1

__constant char *__constant a = "xyz" + 1;
__constant char tbl[2][4] = {"ab", "cd"};
__constant char *__constant d = &tbl[1][1];
struct S { int n; __constant char *p; };
__constant struct S s[2] = {{1, "one"}, {2, "two"}};
__constant char *__constant *__constant pp = &a;
__constant int *__constant ip = (__constant int *)tbl;
__constant char *__constant null_p = 0;

__kernel void k(__global int *out)
{
    out[0] = a[0];
    out[1] = a[1];
    out[2] = d[0];
    out[3] = s[1].p[1];
    out[4] = s[0].n + s[1].n;
    out[5] = (*pp)[0];
    out[6] = *ip;
    out[7] = null_p == 0;
}
