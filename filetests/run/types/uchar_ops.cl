// Element-wise uchar arithmetic, one work-item per input pair, ten results each:
// + - * / % & | ^~ >>3 and a comparison code ((x < y) + 2 * (x == y)).
// uchar results wrap modulo 256 when stored (200 + 100 = 44, 0 - 1 = 255).
// Expected values: filetests/run/reference/gen_int_types.py (a model of C integer
// semantics: promotion to int, wrap-around on conversion back, division truncating
// toward zero, arithmetic right shift of negative values), never Kauai's output.
// RUN: kauai oclc -execute -enqueue uchar_ops -arg a,200,255,0,17,128,99 -arg b,100,2,1,255,3,7 -print out,60 -global 6 -local 2 %s
// CHECK: out,44,100,32,2,0,64,236,83,25,0,1,253,254,127,1,2,255,2,31,0,1,255,0,0,0,0,1,254,0,1,16,18,239,0,17,17,255,17,2,1,131,125,128,42,2,0,131,124,16,0,106,92,181,14,1,3,103,155,12,0

__kernel void uchar_ops(__global const uchar *a, __global const uchar *b, __global uchar *out)
{
    size_t i = get_global_id(0);
    uchar x = a[i];
    uchar y = b[i];
    __global uchar *o = out + 10 * i;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = x / y;
    o[4] = x % y;
    o[5] = x & y;
    o[6] = x | y;
    o[7] = x ^ (uchar)~y;
    o[8] = x >> 3;
    o[9] = (x < y) + 2 * (x == y);
}
