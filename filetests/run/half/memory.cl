// half (cl_khr_fp16) as a type of variables and memory: a half kernel argument,
// pointers to half in all four address spaces, __constant tables and structs with half
// members (initialized at compile time), private arrays, __local memory, functions taking
// and returning half, vectors of every width with literals, swizzles and vload/vstore,
// and vload_half/vstore_half next to them. By hand, with g = (1.25, 2, ..., 8), s = 0.75:
// sum_at = g[0] + l[1] + c[2] + p[3] = 1.25 + 1.5 - 2 + 4 = 4.75; twice(65504) = inf;
// cs.h + cs.v.w = 2.5 + 4; a private copy of cs with v.yz *= 2 gives 4 + 6;
// (1.5, -0.5)^2 = (2.25, 0.25); (1, 2, 3).zyx - 1 = (2, 1, 0); v16 = (v8, v8 reversed)
// with v8 = g + 0.5: s15 = 1.75, s8 = 8.5, lo.hi.s0 = 5.5; 3 * vload_half(1, g) = 6;
// vstore_half(0.1f) = 0.0999755859375 (%.5g: 0.099976); 2048 + 1 = 2049 is a tie and
// stays 2048; s > 0.5 ? s : -s = 0.75; then v8 stored at out[16..23].
// Sizes: struct { char; half; half4; } is 16 bytes with the half4 at 8; half3 is 8
// bytes; half 2. The host defines the macro cl_khr_fp16 (the last 1).
// RUN: kauai oclc -execute -enqueue mem -arg g,1.25,2,3,4,5,6,7,8 -arg s,0.75 -print out,24 -print sz,5 -global 1 %s
// CHECK: out,4.75,inf,6.5,10,2.25,0.25,2,1,0,1.75,8.5,5.5,6,0.099976,2048,0.75,1.75,2.5,3.5,4.5,5.5,6.5,7.5,8.5
// CHECK: sz,16,8,2,8,1

#pragma OPENCL EXTENSION cl_khr_fp16 : enable

typedef struct {
    char c;
    half h;
    half4 v;
} S;

__constant half ctab[4] = { 0.5h, 1.5h, -2.0h, 65504.0h };
__constant S cs = { 1, 2.5h, (half4)(1.0h, 2.0h, 3.0h, 4.0h) };

half twice(half x)
{
    return x + x;
}

half sum_at(const __global half *g, const __local half *l, __constant half *c, const half *p)
{
    return g[0] + l[1] + c[2] + p[3];
}

__kernel void mem(__global half *g, half s, __global half *out, __global int *sz)
{
    __local half l[4];
    half p[4] = { 1.0h, 2.0h, 3.0h, 4.0h };
    l[0] = s;
    l[1] = s * 2;
    out[0] = sum_at(g, l, ctab, p);
    out[1] = twice(ctab[3]);
    out[2] = cs.h + cs.v.w;
    S st = cs;
    st.v.yz *= 2;
    out[3] = st.v.y + st.v.z;
    half2 v2 = (half2)(1.5h, -0.5h);
    v2 = v2 * v2;
    out[4] = v2.x;
    out[5] = v2.y;
    half3 v3 = (half3)(1.0h, 2.0h, 3.0h);
    v3 = v3.zyx - 1;
    vstore3(v3, 2, out);
    half8 v8 = vload8(0, g);
    v8 += 0.5h;
    half16 v16 = (half16)(v8, v8.s76543210);
    out[9] = v16.sf;
    out[10] = v16.s8;
    out[11] = v16.lo.hi.s0;
    float f = vload_half(1, g);
    out[12] = f * 3;
    vstore_half(0.1f, 13, out);
    half h = 2048.0h;
    h++;
    out[14] = h;
    out[15] = s > 0.5h ? s : -s;
    vstore8(v8, 2, out);
    sz[0] = sizeof(S);
    sz[1] = sizeof(half3);
    sz[2] = sizeof(half);
    sz[3] = (int)((char *)&st.v - (char *)&st);
#ifdef cl_khr_fp16
    sz[4] = 1;
#endif
}
