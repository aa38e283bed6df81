// Element-wise short arithmetic, one work-item per input pair, ten results each:
// + - * / % & | ^~ >>3 and a comparison code ((x < y) + 2 * (x == y)).
// short operands are promoted to int; 30000 + 30000 wraps to -5536 when stored.
// Expected values: filetests/run/reference/gen_int_types.py (a model of C integer
// semantics: promotion to int, wrap-around on conversion back, division truncating
// toward zero, arithmetic right shift of negative values), never Kauai's output.
// RUN: kauai oclc -execute -enqueue short_ops -arg a,30000,-32768,32767,-1234,7,300 -arg b,30000,-1,2,10,-3,300 -print out,60 -global 6 -local 2 %s
// CHECK: out,-5536,0,-5888,1,0,30000,30000,-1,3750,2,32767,-32767,-32768,-32768,0,-32768,-1,-32768,-4096,1,-32767,32765,-2,16383,1,2,32767,-32766,4095,0,-1224,-1244,-12340,-123,-4,10,-1234,1243,-155,1,4,10,-21,-2,1,5,-1,5,0,0,600,0,24464,1,0,300,300,-1,37,2

__kernel void short_ops(__global const short *a, __global const short *b, __global short *out)
{
    size_t i = get_global_id(0);
    short x = a[i];
    short y = b[i];
    __global short *o = out + 10 * i;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = x / y;
    o[4] = x % y;
    o[5] = x & y;
    o[6] = x | y;
    o[7] = x ^ (short)~y;
    o[8] = x >> 3;
    o[9] = (x < y) + 2 * (x == y);
}
