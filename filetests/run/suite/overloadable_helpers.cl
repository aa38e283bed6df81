// `__attribute__((overloadable))` helpers as a math-heavy kernel library writes them: one
// name `dot2`/`lensq`/`scale` per type (int, float, int2, float2, uint), chosen by the
// argument types, used by one kernel. For i = get_global_id(0) = 0..7 and p = in[i] =
// 1..8 (float) and q = (int2)(i, i + 1):
//   o[3 i + 0] = lensq(q) = i^2 + (i+1)^2             (int2 overload)
//   o[3 i + 1] = lensq((float2)(p, 0.5f)) = p^2 + 0.25 (float2 overload)
//   o[3 i + 2] = scale(i, 3) + scale(p, 0.5f) + scale((uint)i, 1u)
//              = 3 i + p / 2 + (i + 100)   (int: x k; float: x k; uint: x k + 100)
// Expected (by hand, i = 0..7, p = i + 1):
//   lensq int2:   1, 5, 13, 25, 41, 61, 85, 113
//   lensq float2: 1.25, 4.25, 9.25, 16.25, 25.25, 36.25, 49.25, 64.25
//   scale sum:    100.5, 105, 109.5, 114, 118.5, 123, 127.5, 132
// RUN: kauai oclc -execute -enqueue use_overloads -arg in,range(1,8) -print o,24 -global 8 %s
// CHECK: o,1,1.25,100.5,5,4.25,105,13,9.25,109.5,25,16.25,114,41,25.25,118.5,61,36.25,123,85,49.25,127.5,113,64.25,132

int __attribute__((overloadable)) dot2(int2 a, int2 b) { return a.x * b.x + a.y * b.y; }
float __attribute__((overloadable)) dot2(float2 a, float2 b) { return a.x * b.x + a.y * b.y; }
int __attribute__((overloadable)) lensq(int2 a) { return dot2(a, a); }
float __attribute__((overloadable)) lensq(float2 a) { return dot2(a, a); }
int __attribute__((overloadable)) scale(int x, int k) { return x * k; }
float __attribute__((overloadable)) scale(float x, float k) { return x * k; }
uint __attribute__((overloadable)) scale(uint x, uint k) { return x * k + 100u; }

__kernel void use_overloads(__global const float *in, __global float *o)
{
    int i = get_global_id(0);
    float p = in[i];
    o[3 * i + 0] = lensq((int2)(i, i + 1));
    o[3 * i + 1] = lensq((float2)(p, 0.5f));
    o[3 * i + 2] = scale(i, 3) + scale(p, 0.5f) + scale((uint)i, 1u);
}
