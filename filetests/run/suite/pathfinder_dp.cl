// Rodinia's pathfinder: dynamic programming down a grid of costs, each row's cell takes
// its cost plus the minimum of the three cells above it (clamped at the edges); one
// work-group of 16 keeps the previous row in local memory (double-buffered `prev`/`cur`
// with a barrier per row). Grid: 6 rows x 16 columns randint(0,9), -seed 31.
// Expected: the same recurrence in Python (reference/suite.py): the last row's sums.
// RUN: kauai oclc -execute -enqueue pathfinder -arg wall,repeat(96,randint(0,9)) -seed 31 -arg rows,6 -print result,16 -global 16 -local 16 %s
// CHECK: result,19,18,14,23,14,11,15,12,9,16,20,20,20,14,15,12

#define COLS 16

__kernel void pathfinder(__global const int *wall, __global int *result, int rows)
{
    __local int buf[2][COLS];
    int x = get_local_id(0);
    int p = 0;
    buf[p][x] = wall[x];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int r = 1; r < rows; r++) {
        int left = buf[p][max(x - 1, 0)];
        int up = buf[p][x];
        int right = buf[p][min(x + 1, COLS - 1)];
        buf[1 - p][x] = wall[r * COLS + x] + min(up, min(left, right));
        p = 1 - p;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    result[x] = buf[p][x];
}
