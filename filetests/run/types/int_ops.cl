// Element-wise int arithmetic, one work-item per input pair, ten results each:
// + - * / % & | ^~ >>3 and a comparison code ((x < y) + 2 * (x == y)).
// Inputs keep every +, -, * inside int's range (signed overflow is undefined).
// Expected values: filetests/run/reference/gen_int_types.py (a model of C integer
// semantics: promotion to int, wrap-around on conversion back, division truncating
// toward zero, arithmetic right shift of negative values), never Kauai's output.
// RUN: kauai oclc -execute -enqueue int_ops -arg a,1000000,-1000000,46340,-46341,7,-2147483647 -arg b,2147,-2147,46340,46340,-2,-1 -print out,60 -global 6 -local 2 %s
// CHECK: out,1002147,997853,2147000000,465,1645,64,1002083,-1002020,125000,0,-1002147,-997853,2147000000,465,-1645,-1002112,-35,-1002078,-125000,1,92680,0,2147395600,1,0,46340,46340,-1,5792,2,-1,-92681,-2147441940,-1,-1,0,-1,0,-5793,1,5,9,-14,-3,1,6,-1,6,0,0,-2147483648,-2147483646,2147483647,2147483647,0,-2147483647,-1,-2147483647,-268435456,1

__kernel void int_ops(__global const int *a, __global const int *b, __global int *out)
{
    size_t i = get_global_id(0);
    int x = a[i];
    int y = b[i];
    __global int *o = out + 10 * i;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = x / y;
    o[4] = x % y;
    o[5] = x & y;
    o[6] = x | y;
    o[7] = x ^ (int)~y;
    o[8] = x >> 3;
    o[9] = (x < y) + 2 * (x == y);
}
