// Program-scope __constant tables (a 1-D int table and a 2-D float table) and a
// __constant pointer argument, indexed with run-time values:
//   p[i] = primes[k] * coef[i % 2], s[i] = scale[k % 2][k % 3] * primes[k], k = idx[i].
// idx = 0,3,9,4,7,1 and coef = 10,-1 give p = 2*10, 7*-1, 29*10, 11*-1, 19*10, 3*-1 and
// s = 0.5*2, -1*7, -1*29, 1*11, 0.25*19, 0.25*3 (exact in float32).
// RUN: kauai oclc -execute -enqueue lookup -arg idx,0,3,9,4,7,1 -arg coef,10,-1 -print p,6 -print s,6 -global 6 %s
// CHECK: p,20,-7,290,-11,190,-3
// CHECK-NEXT: s,1,-7,-29,11,4.75,0.75

__constant int primes[10] = { 2, 3, 5, 7, 11, 13, 17, 19, 23, 29 };

__constant float scale[2][3] = {
    { 0.5f, 1.0f, 2.0f },
    { -1.0f, 0.25f, 4.0f },
};

__kernel void lookup(__global const int *idx, __constant int *coef,
                     __global int *p, __global float *s)
{
    int i = get_global_id(0);
    int k = idx[i];
    p[i] = primes[k] * coef[i % 2];
    s[i] = scale[k % 2][k % 3] * (float)primes[k];
}
