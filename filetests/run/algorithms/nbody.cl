// One N-body step's accelerations for 16 bodies in one work-group: positions and masses
// (float4: x, y, z, m; small dyadic values) are staged in a __local tile, and each
// work-item sums m_j * d / (|d|^2 + 0.01)^(3/2) over all bodies with rsqrt.
// Expected: reference/nbody.py repeats the loop in float32 with a correctly rounded
// rsqrt. OpenCL allows rsqrt 2 ulp; rerunning the model with every rsqrt moved by up to
// 2 ulp changes results by at most 192 ulp (cancellation in the sums), so the compare
// allows 1024 ulp: loose enough for any conforming rsqrt, tight enough to catch a wrong
// formula, a wrong tile or a missing barrier.
// RUN: kauai oclc -execute -enqueue nbody -arg pos,-2.0,-1.0,-4.0,1.0,-0.25,0.375,-1.5,1.5,1.5,-0.25,1.0,2.0,-0.75,-0.875,3.5,2.5,1.0,0.5,-2.0,1.0,-1.25,-0.125,0.5,1.5,0.5,-0.75,3.0,2.0,-1.75,0.625,-2.5,2.5,0.0,0.0,0.0,1.0,1.75,-0.625,2.5,1.5,-0.5,0.75,-3.0,2.0,1.25,0.125,-0.5,2.5,-1.0,-0.5,2.0,1.0,0.75,0.875,-3.5,1.5,-1.5,0.25,-1.0,2.0,0.25,-0.375,1.5,2.5 -compare acc,0.6956716775894165,0.8780327439308167,1.2028199434280396,0.0,-0.4350127577781677,-0.1691863238811493,0.46368610858917236,0.0,-2.5521342754364014,0.015882760286331177,-0.09792357683181763,0.0,1.483374834060669,0.5050694346427917,-2.0384650230407715,0.0,-2.00913405418396,-0.3441586494445801,1.2424328327178955,0.0,2.0650835037231445,0.12684084475040436,-0.5871201157569885,0.0,-0.8971972465515137,0.4963734745979309,-2.0049357414245605,0.0,2.2010726928710938,-0.45961475372314453,1.1149282455444336,0.0,0.47270864248275757,-0.05405452847480774,0.13314688205718994,0.0,-2.550119400024414,0.3431207537651062,-1.39133882522583,0.0,-0.20181261003017426,-0.6237182021141052,1.9916540384292603,0.0,-1.8919928073883057,-0.2152191400527954,0.7932082414627075,0.0,2.4855780601501465,0.18101784586906433,-0.7592456340789795,0.0,-1.5759239196777344,-0.5468862652778625,1.9779998064041138,0.0,1.997969627380371,0.04450570419430733,-0.40272051095962524,0.0,0.36973848938941956,0.10666105151176453,-0.46412843465805054,0.0 -ulp-error 1024 -global 16 -local 16 %s
// CHECK: acc - match

#pragma OPENCL FP_CONTRACT OFF

#define N 16

__kernel void nbody(__global const float4 *pos, __global float4 *acc)
{
    __local float4 tile[N];
    int i = get_local_id(0);
    tile[i] = pos[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    float4 me = tile[i];
    float3 a = (float3)(0.0f);
    for (int j = 0; j < N; j++) {
        float4 other = tile[j];
        float3 d = other.xyz - me.xyz;
        float r2 = d.x * d.x + d.y * d.y + d.z * d.z + 0.01f;
        float inv = rsqrt(r2);
        float s = other.w * (inv * inv * inv);
        a += d * s;
    }
    acc[get_global_id(0)] = (float4)(a, 0.0f);
}
