// Longest common subsequence by wavefront, as sequence-analysis kernels compute it: the
// (n+1) x (n+1) table in local memory, one work-group of n = 12 work-items, item t
// owning row t + 1 and filling cell (t + 1, d - t + 1) on anti-diagonal d, a barrier
// between diagonals; the last row goes out. Strings "AGGTABQXYZWV" and "GXTXAYBWQZVA"
// (character codes). Expected: the textbook LCS table's last row in Python
// (reference/suite.py); its last entry is the LCS length.
// RUN: kauai oclc -execute -enqueue lcs -arg a,65,71,71,84,65,66,81,88,89,90,87,86 -arg b,71,88,84,88,65,89,66,87,81,90,86,65 -print last,13 -global 12 -local 12 %s
// CHECK: last,0,1,2,2,3,3,4,4,5,5,6,7,7

#define N 12

__kernel void lcs(__global const uchar *a, __global const uchar *b, __global int *last)
{
    __local int t[N + 1][N + 1];
    int k = get_local_id(0);
    t[0][k + 1] = 0;
    t[k + 1][0] = 0;
    if (k == 0)
        t[0][0] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int i = k + 1;
    for (int d = 0; d < 2 * N - 1; d++) {
        int j = d - k + 1;
        if (j >= 1 && j <= N)
            t[i][j] = a[i - 1] == b[j - 1] ? t[i - 1][j - 1] + 1 : max(t[i - 1][j], t[i][j - 1]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    last[k + 1] = t[N][k + 1];
    if (k == 0)
        last[0] = t[N][0];
}
