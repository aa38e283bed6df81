// Brace-initialized arrays and structs of vectors with elided braces: as clang-14 does
// for OpenCL C, a vector element or member without its own braces takes ONE initializer,
// a scalar being splat to every lane; only a vector's own `{...}` lists lanes. Expected
// values frozen from `clang-14 -cl-std=CL1.2 -emit-llvm -O2` of these declarations
// (which folds them to constants):
//   d (long16[], 12 scalars) has 12 vectors: sizeof 1536, d[1].s5 = 1, d[11].sf = 11;
//   arr (S[2], S = {int4 v; int x}) = {1, 2, 3, 4}: arr[1].v.w = 3, arr[1].x = 4;
//   f2 = {1.5f, (float2)(2, 3)}: sizeof 16, f2[0].y * 2 = 3, f2[1].y = 3;
//   private: q = {1, (int4)(2), 3}: sizeof 48, q[2].w = 3; s = {1, 2}: s.v.y = 1,
//   s.x = 2; w = {1, 2, 3, 4}: w.w = 4; r[2] = {5}: r[0].y = 5, r[1].x = 0.
// RUN: kauai oclc -execute -enqueue vinit -print o,16 -global 1 %s
// CHECK: o,1536,1,11,3,4,16,3,3,48,3,1,2,4,5,0,1

typedef struct { int4 v; int x; } S;
__constant long16 d[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
__constant S arr[2] = {1, 2, 3, 4};
__constant float2 f2[] = {1.5f, (float2)(2.0f, 3.0f)};

__kernel void vinit(__global long *o)
{
    o[0] = sizeof(d);
    o[1] = d[1].s5;
    o[2] = d[11].sf;
    o[3] = arr[1].v.w;
    o[4] = arr[1].x;
    o[5] = sizeof(f2);
    o[6] = f2[0].y * 2;
    o[7] = f2[1].y;
    int4 q[] = {1, (int4)(2), 3};
    S s = {1, 2};
    int4 w = {1, 2, 3, 4};
    int2 r[2] = {5};
    long16 pd[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    o[8] = sizeof(q);
    o[9] = q[2].w;
    o[10] = s.v.y;
    o[11] = s.x;
    o[12] = w.w;
    o[13] = r[0].y;
    o[14] = r[1].x;
    o[15] = pd[1].s7;
}
