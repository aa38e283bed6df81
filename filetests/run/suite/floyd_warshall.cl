// Floyd-Warshall all-pairs shortest paths as the SDK sample writes it: one launch per
// intermediate vertex k would read and write the same matrix, so here a single work-group
// of 6 x 6 work-items runs the k loop with a global-memory barrier after each step (the
// update d[i][j] = min(d[i][j], d[i][k] + d[k][j]) only reads row k and column k, which
// step k does not change). A directed graph on 6 vertices, 1000 = no edge:
//   0->1 7, 0->2 9, 0->5 14, 1->2 10, 1->3 15, 2->3 11, 2->5 2, 3->4 6, 4->5 9, 5->4 9, 4->0 3
// Expected: Python's Floyd-Warshall on the same matrix (reference/suite.py).
// RUN: kauai oclc -execute -enqueue fw -arg d,0,7,9,1000,1000,14,1000,0,10,15,1000,1000,1000,1000,0,11,1000,2,1000,1000,1000,0,6,1000,3,1000,1000,1000,0,9,1000,1000,1000,1000,9,0 -arg n,6 -print d,36 -global 6,6 -local 6,6 %s
// CHECK: d,0,7,9,20,20,11,24,0,10,15,21,12,14,21,0,11,11,2,9,16,18,0,6,15,3,10,12,23,0,9,12,19,21,32,9,0

__kernel void fw(__global int *d, int n)
{
    int j = get_global_id(0), i = get_global_id(1);
    for (int k = 0; k < n; k++) {
        int via = d[i * n + k] + d[k * n + j];
        barrier(CLK_GLOBAL_MEM_FENCE);
        if (via < d[i * n + j])
            d[i * n + j] = via;
        barrier(CLK_GLOBAL_MEM_FENCE);
    }
}
