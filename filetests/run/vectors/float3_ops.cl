// float3 arithmetic through vload3/vstore3 on packed float buffers (3 floats per vector,
// no padding): r = v * w + v.zxy, sum = r.x + r.y + r.z. Exact small values:
// v = 1..12, w = (2, 0.5, -1) repeated; first vector (1,2,3): r = (2+3, 1+1, -3+2) = (5,2,-1).
// RUN: kauai oclc -execute -enqueue float3_ops -arg v,range(1,12) -arg w,2,0.5,-1,2,0.5,-1,2,0.5,-1,2,0.5,-1 -print out,12 -print sum,4 -global 4 %s
// CHECK: out,5,2,-1,14,6.5,-1,23,11,-1,32,15.5,-1
// CHECK-NEXT: sum,6,19.5,33,46.5

__kernel void float3_ops(__global const float *v, __global const float *w,
                         __global float *out, __global float *sum)
{
    size_t i = get_global_id(0);
    float3 x = vload3(i, v);
    float3 y = vload3(i, w);
    float3 r = x * y + x.zxy;
    vstore3(r, i, out);
    sum[i] = r.x + r.y + r.z;
}
