// cl_khr_fp16 conversions, each rounding mode: float -> half (convert_half, _rte,
// _rtz, _rtp, _rtn, then the implicit conversion, which rounds to nearest even),
// int -> half and double -> half (rte, rtz, rtp, rtn), half -> int (rte, rtz, rtp, rtn;
// undefined for inf and NaN, so not printed there) and the saturating
// convert_short_sat_rtz and convert_uchar_sat_rtp (NaN gives 0, infinities the bounds).
// Inputs: ties (1 + 2^-11, 1 + 3 * 2^-11, 2049, 2051, 4098), 65519 and 65520 around the
// overflow midpoint, subnormals (3e-5, 2^-25, 4.5e-8, -1e-8), -0; doubles where a
// rounding through float would be wrong (1 + 2^-11 + 2^-40, 1 + 2^-30); halves 2.5,
// -2.5, 0.5, -0.5, 1.5, +-65504, 3.75, -0, inf, NaN (as bits).
// Expected values from reference/fp16.py (exact rationals, every half enumerated). The
// vector line by hand: convert_half4_rtp of the first four floats is the rtp column
// above; convert_int4_rtn of (2.5, -2.5, 0.5, -0.5) is (2, -3, 0, -1); as_uint of
// (half2)(1, -2) is 0xc000 << 16 | 0x3c00 = 3221240832; as_half2 of it back, plus 1,
// is (2, -1) = 0x4000, 0xbc00.
// RUN: kauai oclc -execute -enqueue conv -arg f,1,1.00048828125,1.00146484375,-1.00048828125,0.1,-0.1,65504,65519,65520,70000,-70000,3e-05,2.98023223876953125e-08,4.5e-08,-1e-08,-0.0 -arg i,2049,2051,4097,4098,-4098,65519,65520,-70000,3,0 -arg d,1.0004882812509095,1.0000000009313226,-1.0000000009313226,1e+300,-3.0000000000000868e-05 -arg hb,16640,49408,14336,47104,15872,31743,64511,17280,32768,31744,32256 -print fh,96 -print ih,40 -print dh,20 -print hi,66 -print v,10 -print u,1 -global 16 %s
// CHECK: fh,15360,15360,15360,15360,15360,15360,15360,15360,15360,15361,15360,15360,15362,15362,15361,15362,15361,15362,48128,48128,48128,48128,48129,48128,11878,11878,11878,11879,11878,11878,44646,44646,44646,44646,44647,44646,31743,31743,31743,31743,31743,31743,31743,31743,31743,31744,31743,31743,31744,31744,31743,31744,31743,31744,31744,31744,31743,31744,31743,31744,64512,64512,64511,64511,64512,64512,503,503,503,504,503,503,0,0,0,1,0,0,1,1,0,1,0,1,32768,32768,32768,32768,32769,32768,32768,32768,32768,32768,32768,32768
// CHECK: ih,26624,26624,26625,26624,26626,26625,26626,26625,27648,27648,27649,27648,27648,27648,27649,27648,60416,60416,60416,60417,31743,31743,31744,31743,31744,31743,31744,31743,64512,64511,64511,64512,16896,16896,16896,16896,0,0,0,0
// CHECK: dh,15361,15360,15361,15360,15360,15360,15361,15360,48128,48128,48128,48129,31744,31743,31744,31743,33271,33271,33271,33272
// CHECK: hi,2,2,3,2,2,3,-2,-2,-2,-3,-2,0,0,0,1,0,0,1,0,0,0,-1,0,0,2,1,2,1,1,2,65504,65504,65504,65504,32767,255,-65504,-65504,-65504,-65504,-32768,0,4,3,4,3,3,4,0,0,0,0,0,0,0,0,0,0,32767,255,0,0,0,0,0,0
// CHECK: v,15360,15361,15362,48128,2,-3,0,-1,16384,48128
// CHECK: u,3221240832

#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void conv(__global const float *f, __global ushort *fh, __global const int *i,
                   __global ushort *ih, __global const double *d, __global ushort *dh,
                   __global const ushort *hb, __global int *hi, __global int *v,
                   __global uint *u)
{
    size_t k = get_global_id(0);
    float x = f[k];
    __global ushort *o = fh + 6 * k;
    o[0] = as_ushort(convert_half(x));
    o[1] = as_ushort(convert_half_rte(x));
    o[2] = as_ushort(convert_half_rtz(x));
    o[3] = as_ushort(convert_half_rtp(x));
    o[4] = as_ushort(convert_half_rtn(x));
    half im = x;
    o[5] = as_ushort(im);
    if (k < 10) {
        int n = i[k];
        ih[4 * k] = as_ushort(convert_half_rte(n));
        ih[4 * k + 1] = as_ushort(convert_half_rtz(n));
        ih[4 * k + 2] = as_ushort(convert_half_rtp(n));
        ih[4 * k + 3] = as_ushort(convert_half_rtn(n));
    }
    if (k < 5) {
        double y = d[k];
        dh[4 * k] = as_ushort(convert_half_rte(y));
        dh[4 * k + 1] = as_ushort(convert_half_rtz(y));
        dh[4 * k + 2] = as_ushort(convert_half_rtp(y));
        dh[4 * k + 3] = as_ushort(convert_half_rtn(y));
    }
    if (k < 11) {
        half h = as_half(hb[k]);
        __global int *p = hi + 6 * k;
        if (isfinite(h)) {
            p[0] = convert_int_rte(h);
            p[1] = convert_int_rtz(h);
            p[2] = convert_int_rtp(h);
            p[3] = convert_int_rtn(h);
        }
        p[4] = convert_short_sat_rtz(h);
        p[5] = convert_uchar_sat_rtp(h);
    }
    if (k == 0) {
        half4 a = convert_half4_rtp(vload4(0, f));
        ushort4 ab = as_ushort4(a);
        int4 b = convert_int4_rtn(as_half4(vload4(0, hb)));
        v[0] = ab.x; v[1] = ab.y; v[2] = ab.z; v[3] = ab.w;
        vstore4(b, 1, v);
        uint c = as_uint((half2)(1.0h, -2.0h));
        u[0] = c;
        half2 back = as_half2(c) + 1;
        v[8] = as_ushort(back.x);
        v[9] = as_ushort(back.y);
    }
}
