// vstore_half of floats in every rounding mode: ties to even (1 + 2^-11 -> 1,
// 1 + 3 * 2^-11 -> 1 + 2^-9), the largest finite half 65504 and the overflow at 65520
// to nearest (70000 and 1e10: 65504 toward zero, infinity up), the smallest normal,
// subnormals, the 2^-25 tie to zero, values below the smallest subnormal (zero, or one
// ulp up/down) and signed zeros. Each work-item stores x[i] with vstore_half,
// vstore_half_rte, _rtz, _rtp and _rtn at h[5i..5i+4]; h is printed as the half bits.
// Expected bits from reference/half.py (every finite half enumerated, exact rationals).
// RUN: kauai oclc -execute -enqueue st -arg x,1,1.00048828125,1.00146484375,-1.00048828125,0.1,-0.1,3.14159265,65504,65519,65520,70000,-70000,1e10,6.103515625e-05,3e-05,2.98023223876953125e-08,4.5e-08,1e-8,-1e-8,0,-0.0 -print h,105 -global 21 %s
// CHECK: h,15360,15360,15360,15360,15360,15360,15360,15360,15361,15360,15362,15362,15361,15362,15361,48128,48128,48128,48128,48129,11878,11878,11878,11879,11878,44646,44646,44646,44646,44647,16968,16968,16968,16969,16968,31743,31743,31743,31743,31743,31743,31743,31743,31744,31743,31744,31744,31743,31744,31743,31744,31744,31743,31744,31743,64512,64512,64511,64511,64512,31744,31744,31743,31744,31743,1024,1024,1024,1024,1024,503,503,503,504,503,0,0,0,1,0,1,1,0,1,0,0,0,0,1,0,32768,32768,32768,32768,32769,0,0,0,0,0,32768,32768,32768,32768,32768

__kernel void st(__global const float *x, __global ushort *h)
{
    int i = get_global_id(0);
    __global half *p = (__global half *)h;
    vstore_half(x[i], 5 * i, p);
    vstore_half_rte(x[i], 5 * i + 1, p);
    vstore_half_rtz(x[i], 5 * i + 2, p);
    vstore_half_rtp(x[i], 5 * i + 3, p);
    vstore_half_rtn(x[i], 5 * i + 4, p);
}
