// vstore_half of doubles in every rounding mode, rounded once: 1 + 2^-11 + 2^-40 is
// above the tie (1 + 2^-10 to nearest, where rounding to the nearest float first would
// give the tie and then 1), 1 + 2^-30 rounds up to 1 + 2^-10 with _rtp (not to 1),
// 65504 + 2^-20 goes to infinity with _rtp, 1e-300 to the smallest subnormal with
// _rtp, 1e300 to 65504 toward zero. Stores at h[5i..5i+4] as in vstore_half_float.cl.
// Expected bits from reference/half.py (every finite half enumerated, exact rationals).
// RUN: kauai oclc -execute -enqueue st -arg x,1.0004882812509095,1.0000000009313226,-1.0000000009313226,65504.000000953674,65519.99999999,65520.0,0.1,1e-300,-1e-300,1e+300,-3.0000000000000868e-05,5.960464477539063e-08 -print h,60 -global 12 %s
// CHECK: h,15361,15361,15360,15361,15360,15360,15360,15360,15361,15360,48128,48128,48128,48128,48129,31743,31743,31743,31744,31743,31743,31743,31743,31744,31743,31744,31744,31743,31744,31743,11878,11878,11878,11879,11878,0,0,0,1,0,32768,32768,32768,32768,32769,31744,31744,31743,31744,31743,33271,33271,33271,33271,33272,1,1,1,1,1

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void st(__global const double *x, __global ushort *h)
{
    int i = get_global_id(0);
    __global half *p = (__global half *)h;
    vstore_half(x[i], 5 * i, p);
    vstore_half_rte(x[i], 5 * i + 1, p);
    vstore_half_rtz(x[i], 5 * i + 2, p);
    vstore_half_rtp(x[i], 5 * i + 3, p);
    vstore_half_rtn(x[i], 5 * i + 4, p);
}
