// Element-wise char arithmetic, one work-item per input pair, ten results each:
// + - * / % & | ^~ >>3 and a comparison code ((x < y) + 2 * (x == y)).
// char operands are promoted to int, so -128 / -1 is 128, which wraps to -128 when stored.
// Expected values: filetests/run/reference/gen_int_types.py (a model of C integer
// semantics: promotion to int, wrap-around on conversion back, division truncating
// toward zero, arithmetic right shift of negative values), never Kauai's output.
// RUN: kauai oclc -execute -enqueue char_ops -arg a,100,-100,127,-128,7,-7 -arg b,100,3,1,-1,-2,2 -print out,60 -global 6 -local 2 %s
// CHECK: out,-56,0,16,1,0,100,100,-1,12,2,-97,-103,-44,-33,-1,0,-97,96,-13,1,-128,126,127,127,0,1,127,-127,15,0,127,-127,-128,-128,0,-128,-1,-128,-16,1,5,9,-14,-3,1,6,-1,6,0,0,-5,-9,-14,-3,-1,0,-5,4,-1,1

__kernel void char_ops(__global const char *a, __global const char *b, __global char *out)
{
    size_t i = get_global_id(0);
    char x = a[i];
    char y = b[i];
    __global char *o = out + 10 * i;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = x / y;
    o[4] = x % y;
    o[5] = x & y;
    o[6] = x | y;
    o[7] = x ^ (char)~y;
    o[8] = x >> 3;
    o[9] = (x < y) + 2 * (x == y);
}
