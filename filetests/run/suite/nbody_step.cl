// One N-body integration step as the SDK samples write it: positions as float4 with the
// mass in .w, all-pairs accelerations with softening eps^2 = 0.25 (the self term adds
// nothing: d = 0), then v += a dt and p += v dt with dt = 0.125; the other bodies are
// staged through local memory a work-group-sized tile at a time (8 bodies, groups of
// 4); the new state goes to other buffers, as other groups still read the old one.
// Built with -cl-fp32-correctly-rounded-divide-sqrt, so 1 / sqrt(r^2) is two correctly
// rounded operations and the result is fixed: reference/suite.py models every
// float32 operation in the kernel's order (sqrt and division computed in double and
// rounded once to float32, which is the correctly rounded float32 result, since double
// has more than 2 * 24 + 2 bits). Positions: randint(-4,4) per coordinate, -seed 23,
// masses 1..8, velocities 0.
// RUN: kauai oclc -cl-options '-cl-fp32-correctly-rounded-divide-sqrt' -execute -enqueue nbody -arg pos,4,1,-4,1,4,2,0,2,3,-3,0,3,-2,1,1,4,4,3,-1,5,4,0,0,6,-4,-4,4,7,2,-4,0,8 -arg vel,repeat(32,0) -arg tile,64 -arg dt,0.125 -arg eps2,0.25 -print new_pos,32 -print new_vel,32 -global 8 -local 4 %s
// CHECK: new_pos,3.997691,0.9990478,-3.984428,1,3.996389,1.996062,-0.02340726,2,2.963906,-3.02429,0.0003826852,3,-1.993292,0.9949963,0.999539,4,3.997364,2.977248,-0.9875838,5,3.993316,0.004522245,-0.002525543,6,-3.995433,-3.997668,3.996733,7,2.014037,-3.978498,0.0009851074,8
// CHECK-NEXT: new_vel,-0.01847458,-0.007617842,0.1245765,0,-0.02888685,-0.03150124,-0.1872581,0,-0.2887508,-0.1943181,0.003061481,0,0.05366277,-0.04002965,-0.003688045,0,-0.02108857,-0.1820166,0.09933018,0,-0.05346987,0.03617796,-0.02020435,0,0.03653418,0.01865805,-0.02613776,0,0.1122966,0.1720128,0.007880859,0

#pragma OPENCL FP_CONTRACT OFF

__kernel void nbody(__global const float4 *pos, __global const float4 *vel, __global float4 *new_pos,
                    __global float4 *new_vel, __local float4 *tile, float dt, float eps2)
{
    int i = get_global_id(0);
    int l = get_local_id(0);
    int ls = get_local_size(0);
    int n = get_global_size(0);
    float4 p = pos[i];
    float4 a = (float4)(0.0f);
    for (int t = 0; t < n; t += ls) {
        tile[l] = pos[t + l];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = 0; j < ls; j++) {
            float4 q = tile[j];
            float4 d = q - p;
            d.w = 0.0f;
            float r2 = d.x * d.x + d.y * d.y + d.z * d.z + eps2;
            float inv = 1.0f / sqrt(r2);
            float inv3 = inv * inv * inv;
            a += d * (q.w * inv3);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float4 v = vel[i] + a * dt;
    v.w = 0.0f;
    new_vel[i] = v;
    float4 np = p + v * dt;
    np.w = p.w;
    new_pos[i] = np;
}
