// vload_halfN and vloada_halfN (N = 1, 2, 3, 4, 8, 16) from __global and __constant
// memory, and vstore[a]_halfN with rounding modes into __global, __local and private
// memory. The offset counts N halves (4 for vloada_half3/vstorea_half3). hb holds half
// bits: 1, -2, 1/3, subnormals, the smallest normal, +-65504, -0, +-inf, ... and 16
// patterns (0x1234 + 0x777k) & 0x7bff with alternating signs; out takes the loads in
// the order of the kernel. st: f = 3 * vload_half16(0, hb) (exact in float) stored
// with the modes the kernel names (3 * 65504 overflows: infinity up, 65504 toward
// zero). Expected values from reference/half.py (exact half rounding, C %.7g).
// RUN: kauai oclc -execute -enqueue hv -arg hb,15360,49152,13653,1,1023,1024,31743,64511,32768,31744,64512,14336,16968,11878,45670,22080,4660,39339,8482,43161,12304,45959,15102,49781,18924,53603,22746,57425,27592,62271,31414,33325 -print out,75 -print st,56 -global 1 %s
// CHECK: out,6.103516e-05,0.333252,5.960464e-08,5.960464e-08,6.097555e-05,6.103516e-05,6.097555e-05,6.103516e-05,65504,-65504,-0,inf,-inf,0.5,3.140625,0.09997559,-0.1999512,100,0.0007572174,-0.002767563,0.01002502,-0.03591919,0.1269531,-0.2352295,0.8740234,-3.228516,11.84375,-43.09375,155.25,-552.5,3984,-14840,54976,-3.319979e-05,65504,-65504,6.097555e-05,6.103516e-05,65504,-0,inf,-inf,0.5,-0,inf,-inf,0.5,3.140625,0.09997559,-0.1999512,100,0.0007572174,-0.002767563,0.01002502,-0.03591919,0.1269531,-0.2352295,0.8740234,-3.228516,11.84375,-43.09375,155.25,-552.5,3984,-14840,54976,-3.319979e-05,1,1,2,3,4,5,6,7
// CHECK-NEXT: st,16896,50688,15360,3,2559,2560,31744,64511,32768,31744,64512,15872,18614,13517,47308,23728,16896,50688,15359,0,0,3,2558,2560,16896,50688,15360,3,2558,2560,31744,64512,16896,50688,0,0,2558,2560,31743,64511,16896,50688,15359,3,31744,0,0,0,32768,31744,64512,15872,18614,13516,47309,23728

__constant ushort ctab[8] = { 0x3c00, 0x4000, 0x4200, 0x4400, 0x4500, 0x4600, 0x4700, 0x4800 };

__kernel void hv(__global const ushort *hb, __global float *out, __global ushort *st)
{
    const __global half *p = (const __global half *)hb;
    __constant half *c = (__constant half *)ctab;
    __global half *s = (__global half *)st;
    __local ushort lb[8];
    ushort pb[8];
    int k = 0;
    out[k++] = vload_half(5, p);
    vstore2(vload_half2(1, p), 0, out + k); k += 2;
    vstore3(vload_half3(1, p), 0, out + k); k += 3;
    vstore4(vload_half4(1, p), 0, out + k); k += 4;
    vstore8(vload_half8(1, p), 0, out + k); k += 8;
    vstore16(vload_half16(1, p), 0, out + k); k += 16;
    vstore2(vloada_half2(3, p), 0, out + k); k += 2;
    vstore3(vloada_half3(1, p), 0, out + k); k += 3;
    vstore4(vloada_half4(2, p), 0, out + k); k += 4;
    vstore8(vloada_half8(1, p), 0, out + k); k += 8;
    vstore16(vloada_half16(1, p), 0, out + k); k += 16;
    out[k++] = vloada_half(0, p);
    vstore4(vload_half4(0, c), 0, out + k); k += 4;
    vstore3(vloada_half3(1, c), 0, out + k);

    float16 f = vload_half16(0, p) * 3.0f;
    vstore_half16_rtp(f, 0, s);
    vstorea_half3_rtn(f.s012, 4, s);
    vstore_half3_rtz(f.s345, 7, s);
    vstore_half8(f.lo, 3, s);
    vstore_half2_rte(f.s01, 16, s);
    vstorea_half4_rtz(f.s4567, 9, s);
    vstorea_half_rtp(f.s9, 44, s);
    vstore_half4_rtz(f.lo.lo, 1, (__local half *)lb);
    barrier(CLK_LOCAL_MEM_FENCE);
    vstore_half4(vloada_half4(1, (__local half *)lb), 10, s);
    vstore_half8_rtn(f.hi, 0, (half *)pb);
    vstore_half8(vload_half8(0, (half *)pb), 6, s);
}
