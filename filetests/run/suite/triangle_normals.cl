// Geometry kernels as renderers write them: triangle vertices as packed float3 read with
// vload3, the face normal from cross() of two edges, written back with vstore3, twice
// the area squared from dot(n, n), and a back-face flag from dot(n, view) < 0 with
// view = (0, 0, 1). Vertex coordinates are small integers (randint(-5,5), -seed 79,
// 6 triangles x 9 coordinates), so cross and dot products are exact in float32 however
// they are evaluated. Expected: the same vector algebra in Python (reference/suite.py).
// RUN: kauai oclc -execute -enqueue normals -arg tri,repeat(54,randint(-5,5)) -seed 79 -print n,18 -print area2,6 -print back,6 -global 6 %s
// CHECK: n,30,-35,-4,-11,-3,-14,25,28,45,20,8,1,-12,-6,12,-42,-28,60
// CHECK-NEXT: area2,2141,326,3434,465,324,6148
// CHECK-NEXT: back,1,1,0,0,0,0

__kernel void normals(__global const float *tri, __global float *n, __global float *area2,
                      __global int *back)
{
    int g = get_global_id(0);
    float3 a = vload3(3 * g, tri), b = vload3(3 * g + 1, tri), c = vload3(3 * g + 2, tri);
    float3 nn = cross(b - a, c - a);
    vstore3(nn, g, n);
    area2[g] = dot(nn, nn);
    back[g] = dot(nn, (float3)(0.0f, 0.0f, 1.0f)) < 0.0f;
}
