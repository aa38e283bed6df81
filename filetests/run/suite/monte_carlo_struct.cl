// Monte-Carlo estimate of pi with the parameters passed as a struct by value (oclc
// lists its fields in order: -arg p,seed,samples,scale): each work-item runs its own
// LCG (Numerical Recipes' 1664525, 1013904223; seeded seed ^ g * 2654435761), draws
// `samples` points (x, y) in [0, 65536)^2 from the top 16 bits, counts x^2 + y^2 <
// 2^32, writes its hit count and 4 * hits / samples (scale = 4 / 64 = 0.0625, so the
// float product is exact), and adds its hits to a global total with atomic_add.
// Expected: the same LCG in Python integers (reference/suite.py); the overall estimate
// (total / 1024 * 4) is printed there too and is near pi.
// RUN: kauai oclc -execute -enqueue mc_pi -arg p,12345,64,0.0625 -print hits,16 -print est,16 -print total,1 -global 16 -local 8 %s
// CHECK: hits,47,52,55,54,51,48,47,50,45,46,49,50,53,48,42,54
// CHECK-NEXT: est,2.9375,3.25,3.4375,3.375,3.1875,3,2.9375,3.125,2.8125,2.875,3.0625,3.125,3.3125,3,2.625,3.375
// CHECK-NEXT: total,791

typedef struct {
    uint seed;
    uint samples;
    float scale;
} MCParams;

uint lcg(uint *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 16;
}

__kernel void mc_pi(MCParams p, __global uint *hits, __global float *est,
                    __global uint *total)
{
    uint g = get_global_id(0);
    uint s = p.seed ^ (g * 2654435761u);
    uint h = 0;
    for (uint i = 0; i < p.samples; i++) {
        ulong x = lcg(&s);
        ulong y = lcg(&s);
        if (x * x + y * y < (1ul << 32))
            h++;
    }
    hits[g] = h;
    est[g] = p.scale * (float)h;
    atomic_add(total, h);
}
