// Arg-min / arg-max reduction in local memory as k-NN and clustering kernels write it:
// value and index pairs reduced together (ties keep the lower index), a struct
// {float v; int i;} in __local arrays, helpers taking and returning the struct by
// value, one (value, index) result per work-group.
// Values: 64 integers randint(-1000,1000) as floats, -seed 59, groups of 16.
// Expected: Python's min/max with the lowest index among equals (reference/suite.py).
// RUN: kauai oclc -execute -enqueue argminmax -arg x,repeat(64,randint(-1000,1000)) -seed 59 -print mins,8 -print maxs,8 -global 64 -local 16 %s
// CHECK: mins,-854,6,-775,25,-983,36,-965,57
// CHECK-NEXT: maxs,965,15,973,22,956,45,923,53

typedef struct {
    float v;
    int i;
} Pair;

Pair pick_min(Pair a, Pair b)
{
    return (b.v < a.v || (b.v == a.v && b.i < a.i)) ? b : a;
}

Pair pick_max(Pair a, Pair b)
{
    return (b.v > a.v || (b.v == a.v && b.i < a.i)) ? b : a;
}

__kernel void argminmax(__global const float *x, __global float *mins, __global float *maxs)
{
    __local Pair lo[16], hi[16];
    int l = get_local_id(0), g = get_global_id(0);
    Pair p = {x[g], g};
    lo[l] = p;
    hi[l] = p;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int d = 8; d > 0; d >>= 1) {
        if (l < d) {
            lo[l] = pick_min(lo[l], lo[l + d]);
            hi[l] = pick_max(hi[l], hi[l + d]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) {
        int w = get_group_id(0);
        mins[2 * w] = lo[0].v;
        mins[2 * w + 1] = lo[0].i;
        maxs[2 * w] = hi[0].v;
        maxs[2 * w + 1] = hi[0].i;
    }
}
