// Integer builtins on 8-, 16- and 64-bit types, where the width changes the answer
// (OpenCL 1.2 section 6.12.3). z = 0 comes from a buffer so nothing is folded away.
//  rotate: uchar 0x81 by 1 -> 0x03 (an 8-bit rotate), ushort 0x8001 by 4 -> 0x0018 = 24,
//          ulong 0x8000000000000001 by 1 -> 3
//  clz: uchar 1 -> 7, ushort 1 -> 15, ulong 1 -> 63, ulong 0 -> 64; popcount(ulong -1) = 64
//  add_sat: uchar 200 + 100 -> 255, char 100 + 100 -> 127, char -100 + -100 -> -128;
//  sub_sat: uchar 5 - 10 -> 0; add_sat ushort 65000 + 1000 -> 65535
//  upsample: (uchar 0x12, uchar 0x34) -> ushort 0x1234 = 4660; (short -1, ushort 0) ->
//            int 0xffff0000 = -65536; (uint 1, uint 2) -> ulong 2^32 + 2
//  mul24(-3, 1000) = -3000; hadd(uchar 255, 255) = 255 and rhadd(uchar 254, 255) = 255
//  (no 8-bit overflow); abs(char -128) = uchar 128; abs_diff(uchar 10, 250) = 240
//  mul_hi: ulong 2^40 * 2^40 -> high 64 bits 2^16; long -2^40 * 2^40 -> -2^16;
//  mad_hi(0x80000000u, 4u, 5u) = 2 + 5 = 7; clamp(uchar 250, 0, 200) = 200;
//  min/max of ulong 2^53 and 7.
// Expected: reference/builtins.py (Python integers masked to each width).
// RUN: kauai oclc -execute -enqueue widths -arg zero,0 -print w,27 -global 1 %s
// CHECK: w,3,24,3,7,15,63,64,64,255,127,-128,0,65535,4660,-65536,4294967298,-3000,255,255,128,240,65536,-65536,7,200,7,9007199254740992

__kernel void widths(__global const int *zero, __global long *w)
{
    int z = zero[0];
    w[0] = rotate((uchar)(0x81 + z), (uchar)1);
    w[1] = rotate((ushort)(0x8001 + z), (ushort)4);
    w[2] = rotate((ulong)0x8000000000000001UL + z, (ulong)1);
    w[3] = clz((uchar)(1 + z));
    w[4] = clz((ushort)(1 + z));
    w[5] = clz((ulong)(1 + z));
    w[6] = clz((ulong)z);
    w[7] = popcount((ulong)(-1 + z));
    w[8] = add_sat((uchar)(200 + z), (uchar)100);
    w[9] = add_sat((char)(100 + z), (char)100);
    w[10] = add_sat((char)(-100 + z), (char)-100);
    w[11] = sub_sat((uchar)(5 + z), (uchar)10);
    w[12] = add_sat((ushort)(65000 + z), (ushort)1000);
    w[13] = upsample((uchar)(0x12 + z), (uchar)0x34);
    w[14] = upsample((short)(-1 + z), (ushort)0);
    w[15] = (long)upsample((uint)(1 + z), 2u);
    w[16] = mul24(-3 + z, 1000);
    w[17] = hadd((uchar)(255 + z), (uchar)255);
    w[18] = rhadd((uchar)(254 + z), (uchar)255);
    w[19] = abs((char)(-128 + z));
    w[20] = abs_diff((uchar)(10 + z), (uchar)250);
    w[21] = (long)mul_hi((ulong)1 << (40 + z), (ulong)1 << 40);
    w[22] = mul_hi(-((long)1 << (40 + z)), (long)1 << 40);
    w[23] = mad_hi(0x80000000u + z, 4u, 5u);
    w[24] = clamp((uchar)(250 + z), (uchar)0, (uchar)200);
    w[25] = (long)min((ulong)1 << (53 + z), (ulong)7);
    w[26] = (long)max((ulong)1 << (53 + z), (ulong)7);
}
