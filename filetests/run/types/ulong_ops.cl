// Element-wise ulong arithmetic, one work-item per input pair, ten results each:
// + - * / % & | ^~ >>3 and a comparison code ((x < y) + 2 * (x == y)).
// ulong arithmetic wraps modulo 2^64 (2^32 * 2^32 = 0); inputs stay at or below 2^53 so the oclc list is exact.
// Expected values: filetests/run/reference/gen_int_types.py (a model of C integer
// semantics: promotion to int, wrap-around on conversion back, division truncating
// toward zero, arithmetic right shift of negative values), never Kauai's output.
// RUN: kauai oclc -execute -enqueue ulong_ops -arg a,9007199254740992,4294967296,0,12345678901,7,1 -arg b,4095,4294967296,3,10000,9007199254740992,2 -print out,60 -global 6 -local 2 %s
// CHECK: out,9007199254745087,9007199254736897,18437736874454810624,2199560257568,32,0,9007199254745087,18437736874454806528,1125899906842624,0,8589934592,0,0,1,0,4294967296,4294967296,18446744073709551615,536870912,2,3,18446744073709551613,0,0,0,0,3,18446744073709551612,0,1,12345688901,12345668901,123456789010000,1234567,8901,1040,12345687861,18446744061363864794,1543209862,0,9007199254740999,18437736874454810631,63050394783186944,0,7,0,9007199254740999,18437736874454810616,0,1,3,18446744073709551615,2,0,1,0,3,18446744073709551612,0,1

__kernel void ulong_ops(__global const ulong *a, __global const ulong *b, __global ulong *out)
{
    size_t i = get_global_id(0);
    ulong x = a[i];
    ulong y = b[i];
    __global ulong *o = out + 10 * i;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = x / y;
    o[4] = x % y;
    o[5] = x & y;
    o[6] = x | y;
    o[7] = x ^ (ulong)~y;
    o[8] = x >> 3;
    o[9] = (x < y) + 2 * (x == y);
}
