// RGBA image processing on `uchar4` pixels as image-filter samples write it without
// image objects: luma Y = (77 R + 150 G + 29 B + 128) >> 8 (the integer BT.601 weights),
// then a brightness/contrast step with convert_uchar4_sat on (Y - 128) * 3 / 2 + 128 +
// bias, alpha kept; 16 pixels randint(0,255) per channel, -seed 37, bias -10.
// Expected: the same integer formulas in Python with saturation to 0..255 (C's
// truncating division: reference/suite.py uses cref.cdiv).
// RUN: kauai oclc -execute -enqueue gray -arg in,repeat(64,randint(0,255)) -seed 37 -arg bias,-10 -print out,64 -global 16 %s
// CHECK: out,208,208,208,7,24,24,24,252,43,43,43,198,206,206,206,101,67,67,67,56,0,0,0,78,200,200,200,185,105,105,105,180,70,70,70,247,94,94,94,121,128,128,128,164,78,78,78,113,163,163,163,10,52,52,52,148,0,0,0,15,178,178,178,168

__kernel void gray(__global const uchar4 *in, __global uchar4 *out, int bias)
{
    int i = get_global_id(0);
    uchar4 p = in[i];
    int4 c = convert_int4(p);
    int y = (77 * c.x + 150 * c.y + 29 * c.z + 128) >> 8;
    int v = (y - 128) * 3 / 2 + 128 + bias;
    uchar4 o = convert_uchar4_sat((int4)(v, v, v, 0));
    o.w = p.w;
    out[i] = o;
}
