// Byte and bit manipulation as hashing and codec kernels write it: a union for type
// punning (`union { uint u; uchar4 c; uchar b[4]; }`, little-endian as every Kauai
// device), a byte swap through as_uchar4(...).wzyx and as_uint, rotate(), bitselect(),
// upsample() of two ushorts, mul_hi() and mad24(). For x = in[g]:
//   o[0] = bswap(x) via the union's bytes, o[1] = as_uint(as_uchar4(x).wzyx) (the same),
//   o[2] = rotate(x, 13), o[3] = bitselect(x, ~x, 0x0F0F0F0F) (the low nibbles flipped),
//   o[4] = the low 32 bits of upsample((ushort)x, (ushort)(x >> 16)) (halves swapped),
//   o[5] = mul_hi(x, 0x9E3779B9), o[6] = mad24(x & 0xFFF, 0x123, 7).
// Inputs: 8 values randint(0,4294967295), -seed 53. Expected: Python integers
// (reference/suite.py).
// RUN: kauai oclc -execute -enqueue bits -arg in,repeat(8,randint(0,4294967295)) -seed 53 -print o,56 -global 8 %s
// CHECK: o,4102315720,4102315720,3500054795,3344010235,2230634590,2077606306,368995,931187712,931187712,2416369689,264474424,2151088332,8282994,16012,805381464,805381464,2686847748,1462373951,19945509,913961112,88471,1218449538,1218449538,336138306,2367663943,2689106448,1348629078,20959,2277362356,2277362356,1471215257,3150295688,3179787466,1874611838,1007740,2346153325,2346153325,3136384430,1652217988,3616238965,1134981988,561928,3233111869,3233111869,4139255723,844151503,3049274719,636378859,428359,189635131,189635131,1235314547,882196996,1292581786,618014218,971656

typedef union {
    uint u;
    uchar4 c;
    uchar b[4];
} Word;

__kernel void bits(__global const uint *in, __global uint *o)
{
    int g = get_global_id(0);
    uint x = in[g];
    Word w, s;
    w.u = x;
    for (int k = 0; k < 4; k++)
        s.b[k] = w.b[3 - k];
    __global uint *d = o + g * 7;
    d[0] = s.u;
    d[1] = as_uint(as_uchar4(x).wzyx);
    d[2] = rotate(x, 13u);
    d[3] = bitselect(x, ~x, 0x0F0F0F0Fu);
    d[4] = (uint)upsample((ushort)x, (ushort)(x >> 16));
    d[5] = mul_hi(x, 0x9E3779B9u);
    d[6] = mad24(x & 0xFFFu, 0x123u, 7u);
}
