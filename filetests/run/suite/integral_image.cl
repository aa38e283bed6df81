// Integral image (summed-area table) as vision kernels build it: one work-group of 8,
// first each work-item scans one row of the 8 x 8 image in place (in local memory),
// a barrier, then each scans one column; the table then answers box sums with four
// reads, here the 3 x 3 box sums for every interior pixel. Pixels randint(0,9),
// -seed 61. Expected: Python's cumulative sums and box sums (reference/suite.py).
// RUN: kauai oclc -execute -enqueue sat -arg img,repeat(64,randint(0,9)) -seed 61 -print table,64 -print box,36 -global 8 -local 8 %s
// CHECK: table,2,2,3,3,6,10,15,17,7,14,21,24,31,37,45,51,7,15,25,36,48,59,74,89,11,26,37,53,65,78,98,117,11,31,43,61,77,93,115,139,13,41,56,78,97,114,141,172,20,52,76,105,130,147,183,220,25,61,85,114,142,162,203,242
// CHECK-NEXT: box,25,29,33,34,38,41,34,41,35,34,33,41,22,33,29,34,33,42,31,36,23,24,25,34,39,43,39,30,33,38,42,39,35,27,35,38

#define N 8

__kernel void sat(__global const int *img, __global int *table, __global int *box)
{
    __local int t[N][N];
    int k = get_local_id(0);
    for (int c = 0; c < N; c++)
        t[k][c] = img[k * N + c];
    for (int c = 1; c < N; c++)
        t[k][c] += t[k][c - 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int r = 1; r < N; r++)
        t[r][k] += t[r - 1][k];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int c = 0; c < N; c++)
        table[k * N + c] = t[k][c];
    // Box sum over rows y-1..y+1 and columns x-1..x+1 for interior (y, x), 1..6.
    if (k >= 1 && k <= 6) {
        for (int x = 1; x <= 6; x++) {
            int s = t[k + 1][x + 1];
            if (k >= 2)
                s -= t[k - 2][x + 1];
            if (x >= 2)
                s -= t[k + 1][x - 2];
            if (k >= 2 && x >= 2)
                s += t[k - 2][x - 2];
            box[(k - 1) * 6 + x - 1] = s;
        }
    }
}
