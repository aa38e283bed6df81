// Needleman-Wunsch global alignment score matrix, one anti-diagonal at a time as
// Rodinia's nw does: one work-group of n work-items, item t owns row t + 1; on diagonal
// d it fills cell (t + 1, d - t + 1) from its three neighbours (match +1, mismatch -1 via
// a __constant substitution table, gap -penalty), then a global-memory barrier before
// the next diagonal. Row 0 and column 0 hold -i * penalty. Sequences (bases 0..3) of
// length 8: a = 0,1,2,3,0,1,2,3 and b = 0,2,2,3,1,1,0,3, penalty 1.
// Expected: the textbook recurrence in reference/suite.py (all 81 scores).
// RUN: kauai oclc -execute -enqueue nw -arg a,0,1,2,3,0,1,2,3 -arg b,0,2,2,3,1,1,0,3 -arg penalty,1 -print score,81 -global 8 -local 8 %s
// CHECK: score,0,-1,-2,-3,-4,-5,-6,-7,-8,-1,1,0,-1,-2,-3,-4,-5,-6,-2,0,0,-1,-2,-1,-2,-3,-4,-3,-1,1,1,0,-1,-2,-3,-4,-4,-2,0,0,2,1,0,-1,-2,-5,-3,-1,-1,1,1,0,1,0,-6,-4,-2,-2,0,2,2,1,0,-7,-5,-3,-1,-1,1,1,1,0,-8,-6,-4,-2,0,0,0,0,2

__constant int blosum[4][4] = {{1, -1, -1, -1}, {-1, 1, -1, -1}, {-1, -1, 1, -1}, {-1, -1, -1, 1}};

int max3(int x, int y, int z)
{
    return max(x, max(y, z));
}

__kernel void nw(__global const int *a, __global const int *b, __global int *score, int penalty)
{
    int n = get_local_size(0);
    int w = n + 1;
    int t = get_local_id(0);
    score[(t + 1) * w] = -(t + 1) * penalty;
    score[t + 1] = -(t + 1) * penalty;
    if (t == 0)
        score[0] = 0;
    barrier(CLK_GLOBAL_MEM_FENCE);
    int i = t + 1;
    for (int d = 0; d < 2 * n - 1; d++) {
        int j = d - t + 1;
        if (j >= 1 && j <= n) {
            int diag = score[(i - 1) * w + j - 1] + blosum[a[i - 1]][b[j - 1]];
            int up = score[(i - 1) * w + j] - penalty;
            int left = score[i * w + j - 1] - penalty;
            score[i * w + j] = max3(diag, up, left);
        }
        barrier(CLK_GLOBAL_MEM_FENCE);
    }
}
