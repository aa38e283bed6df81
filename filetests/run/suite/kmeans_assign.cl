// The assignment step of k-means as Rodinia's kmeans writes it, with the points as a
// buffer of structs (`Point {float x, y; int cluster;}`, listed field by field) and the
// clusters' count and a weight passed as a struct by value (`Config {int k; float
// scale;}`); each work-item finds its nearest centroid by squared distance (ties to the
// lower index), writes it into its point, and counts members per cluster with
// atomic_inc. 12 points with coordinates in halves, 3 centroids (0,0), (4,4), (-3,2):
// every squared distance is exact in float32. Expected: Python's nearest-centroid by
// the same rule (reference/suite.py).
// RUN: kauai oclc -execute -enqueue assign -arg pts,0.5,1,-1,3.5,4.5,-1,-2.5,1.5,-1,2,2,-1,-1,0.5,-1,5,3,-1,-4,3.5,-1,1.5,-0.5,-1,2.5,2.5,-1,-1.5,1,-1,4.5,5.5,-1,0,3,-1 -arg cent,0,0,4,4,-3,2 -arg cfg,3,1.0 -print pts,36 -print members,3 -global 12 %s
// CHECK: pts,0.5,1,0,3.5,4.5,1,-2.5,1.5,2,2,2,0,-1,0.5,0,5,3,1,-4,3.5,2,1.5,-0.5,0,2.5,2.5,1,-1.5,1,0,4.5,5.5,1,0,3,0
// CHECK-NEXT: members,6,4,2

typedef struct {
    float x, y;
    int cluster;
} Point;

typedef struct {
    int k;
    float scale;
} Config;

__kernel void assign(__global Point *pts, __global const float2 *cent, Config cfg,
                     __global uint *members)
{
    int i = get_global_id(0);
    Point p = pts[i];
    int best = 0;
    float bestd = INFINITY;
    for (int c = 0; c < cfg.k; c++) {
        float dx = p.x - cent[c].x, dy = p.y - cent[c].y;
        float d = cfg.scale * (dx * dx + dy * dy);
        if (d < bestd) {
            bestd = d;
            best = c;
        }
    }
    pts[i].cluster = best;
    atomic_inc(&members[best]);
}
