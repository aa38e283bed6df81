// Element-wise uint arithmetic, one work-item per input pair, ten results each:
// + - * / % & | ^~ >>3 and a comparison code ((x < y) + 2 * (x == y)).
// uint arithmetic wraps modulo 2^32 (4294967295 + 1 = 0, 0 - 5 = 4294967291).
// Expected values: filetests/run/reference/gen_int_types.py (a model of C integer
// semantics: promotion to int, wrap-around on conversion back, division truncating
// toward zero, arithmetic right shift of negative values), never Kauai's output.
// RUN: kauai oclc -execute -enqueue uint_ops -arg a,4294967295,3000000000,0,65536,7,123456789 -arg b,1,3000000000,5,65536,4294967295,1000 -print out,60 -global 6 -local 2 %s
// CHECK: out,0,4294967294,4294967295,4294967295,0,1,4294967295,1,536870911,0,1705032704,0,3800301568,1,0,3000000000,3000000000,4294967295,375000000,2,5,4294967291,0,0,0,0,5,4294967290,0,1,131072,0,0,1,0,65536,65536,4294967295,8192,2,6,8,4294967289,0,7,7,4294967295,7,0,1,123457789,123455789,3197704712,123456,789,256,123457533,4171510018,15432098,0

__kernel void uint_ops(__global const uint *a, __global const uint *b, __global uint *out)
{
    size_t i = get_global_id(0);
    uint x = a[i];
    uint y = b[i];
    __global uint *o = out + 10 * i;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = x / y;
    o[4] = x % y;
    o[5] = x & y;
    o[6] = x | y;
    o[7] = x ^ (uint)~y;
    o[8] = x >> 3;
    o[9] = (x < y) + 2 * (x == y);
}
