// Element-wise ushort arithmetic, one work-item per input pair, ten results each:
// + - * / % & | ^~ >>3 and a comparison code ((x < y) + 2 * (x == y)).
// ushort results wrap modulo 65536 when stored (65535 + 1 = 0).
// Expected values: filetests/run/reference/gen_int_types.py (a model of C integer
// semantics: promotion to int, wrap-around on conversion back, division truncating
// toward zero, arithmetic right shift of negative values), never Kauai's output.
// RUN: kauai oclc -execute -enqueue ushort_ops -arg a,65535,40000,0,1234,50000,7 -arg b,1,40000,3,4321,7,65535 -print out,60 -global 6 -local 2 %s
// CHECK: out,0,65534,65535,65535,0,1,65535,1,8191,0,14464,0,4096,1,0,40000,40000,65535,5000,2,3,65533,0,0,0,0,3,65532,0,1,5555,62449,23698,0,1234,192,5363,60364,154,1,50007,49993,22320,7142,6,0,50007,15528,6250,0,6,8,65529,0,7,7,65535,7,0,1

__kernel void ushort_ops(__global const ushort *a, __global const ushort *b, __global ushort *out)
{
    size_t i = get_global_id(0);
    ushort x = a[i];
    ushort y = b[i];
    __global ushort *o = out + 10 * i;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = x / y;
    o[4] = x % y;
    o[5] = x & y;
    o[6] = x | y;
    o[7] = x ^ (ushort)~y;
    o[8] = x >> 3;
    o[9] = (x < y) + 2 * (x == y);
}
