// Element-wise long arithmetic, one work-item per input pair, ten results each:
// + - * / % & | ^~ >>3 and a comparison code ((x < y) + 2 * (x == y)).
// 64-bit signed arithmetic; inputs keep every result inside long's range and every input exact in a double (oclc lists are doubles).
// Expected values: filetests/run/reference/gen_int_types.py (a model of C integer
// semantics: promotion to int, wrap-around on conversion back, division truncating
// toward zero, arithmetic right shift of negative values), never Kauai's output.
// RUN: kauai oclc -execute -enqueue long_ops -arg a,4000000000000,-4000000000000,9007199254740991,-3037000499,7,-7 -arg b,1000000,-1000000,1,3037000499,-2,2 -print out,60 -global 6 -local 2 %s
// CHECK: out,4000001000000,3999999000000,4000000000000000000,4000000,0,278528,4000000721472,-4000000442945,500000000000,0,-4000001000000,-3999999000000,4000000000000000000,4000000,0,-4000000737280,-262720,-4000000474561,-500000000000,1,9007199254740992,9007199254740990,9007199254740991,9007199254740991,0,1,9007199254740991,-9007199254740991,1125899906842623,0,0,-6074000998,-9223372030926249001,-1,0,1,-1,1,-379625063,1,5,9,-14,-3,1,6,-1,6,0,0,-5,-9,-14,-3,-1,0,-5,4,-1,1

__kernel void long_ops(__global const long *a, __global const long *b, __global long *out)
{
    size_t i = get_global_id(0);
    long x = a[i];
    long y = b[i];
    __global long *o = out + 10 * i;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = x / y;
    o[4] = x % y;
    o[5] = x & y;
    o[6] = x | y;
    o[7] = x ^ (long)~y;
    o[8] = x >> 3;
    o[9] = (x < y) + 2 * (x == y);
}
