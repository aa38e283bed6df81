// Helper functions that stay calls (-cl-opt-disable turns the inliner off): a helper
// that writes through a pointer and asks for the global id, one called from it, and
// one returning a float4 (the JIT returns lanes through memory). On the host this runs
// compiled calls (host:jit) and interpreted ones (host:interp), which must agree.
// out[g] = g*g + g; f[g] = (g, 2g, 1, -2) * 0.5 = (g/2, g, 0.5, -1).
// RUN: kauai oclc -cl-options '-cl-opt-disable' -execute -enqueue calls -arg out,repeat(8,0) -arg f,repeat(32,0) -print out,8 -print f,32 -global 8 -local 4 %s
// CHECK: out,0,2,6,12,20,30,42,56
// CHECK: f,0,0,0.5,-1,0.5,1,0.5,-1,1,2,0.5,-1,1.5,3,0.5,-1,2,4,0.5,-1,2.5,5,0.5,-1,3,6,0.5,-1,3.5,7,0.5,-1

int sq(int x) { return x * x; }

int twice(__global int *p, int i)
{
    p[i] = sq(i) + get_global_id(0);
    return 2 * i;
}

float4 scale(float4 v, float k) { return v * k; }

__kernel void calls(__global int *out, __global float4 *f)
{
    int g = get_global_id(0);
    int r = twice(out, g);
    f[g] = scale((float4)(g, r, 1.0f, -2.0f), 0.5f);
}
