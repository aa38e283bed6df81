// A `__constant` scalar or vector read in a later `__constant` initializer or array size
// is folded, as clang does (`__constant const int A = 5; __constant int B = A * 2;`).
// By hand: A = 5, B = 10, T = {5, 10, 15}, F = 2.5 * 2 = 5.0 so (int)F = 5,
// V = (int2)(A, B) so V2 = V * 3 = (15, 30), L has B = 10 elements (sizeof 40),
// K (kernel scope) = B + 1 = 11, C = A > 3 ? B : 0 = 10; char lanes wrap:
// CW = (char2)(100, 1) + 100 = (200 - 256, 101) = (-56, 101).
// RUN: kauai oclc -execute -enqueue folded -print out,12 -global 1 %s
// CHECK: out,5,10,15,5,15,30,40,11,10,5,-56,101

__constant const int A = 5;
__constant int B = A * 2;
__constant int T[3] = {A, B, A + B};
__constant float H = 2.5f;
__constant float F = H * 2;
__constant int2 V = (int2)(A, B);
__constant int2 V2 = V * 3;
__constant char L[B] = {1};
__constant int C = A > 3 ? B : 0;
__constant char2 CW = (char2)(100, 1) + (char)100;

__kernel void folded(__global int *out)
{
    __constant int K = B + 1;
    out[0] = A;
    out[1] = B;
    out[2] = T[2];
    out[3] = (int)F;
    out[4] = V2.x;
    out[5] = V2.y;
    out[6] = sizeof(L) * 4;
    out[7] = K;
    out[8] = C;
    out[9] = T[0];
    out[10] = CW.x;
    out[11] = CW.y;
}
