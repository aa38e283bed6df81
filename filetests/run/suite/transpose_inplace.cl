// In-place transpose of a square matrix as memory-bound samples write it: a 2-D range
// over the 10 x 10 matrix where only the work-items above the diagonal act, each
// swapping its element with the mirrored one (no two work-items touch the same pair).
// m[r][c] = 10 r + c (range(0,99)), so the result is m[r][c] = 10 c + r (by hand;
// reference/suite.py prints it).
// RUN: kauai oclc -execute -enqueue tr -arg m,range(0,99) -arg n,10 -print m,100 -global 10,10 -local 5,5 %s
// CHECK: m,0,10,20,30,40,50,60,70,80,90,1,11,21,31,41,51,61,71,81,91,2,12,22,32,42,52,62,72,82,92,3,13,23,33,43,53,63,73,83,93,4,14,24,34,44,54,64,74,84,94,5,15,25,35,45,55,65,75,85,95,6,16,26,36,46,56,66,76,86,96,7,17,27,37,47,57,67,77,87,97,8,18,28,38,48,58,68,78,88,98,9,19,29,39,49,59,69,79,89,99

__kernel void tr(__global int *m, int n)
{
    int c = get_global_id(0), r = get_global_id(1);
    if (c > r) {
        int t = m[r * n + c];
        m[r * n + c] = m[c * n + r];
        m[c * n + r] = t;
    }
}
