// Per-work-item random streams with 64-bit integer state, as Monte-Carlo kernels seed
// them: splitmix64 of (seed + gid) gives each work-item's xorshift64* state, then 8
// draws each; out holds the top 32 bits of each draw and sum the number of draws whose
// top bit is set per work-item. The seed is built from two 32-bit arguments (oclc
// lists stay below 2^53): seed = hi << 32 | lo with hi = 0x9E3779B9, lo = 12345.
// Expected: the same recurrences in Python integers masked to 64 bits (reference/suite.py).
// RUN: kauai oclc -execute -enqueue streams -arg hi,2654435769 -arg lo,12345 -print out,64 -print ones,8 -global 8 %s
// CHECK: out,2224858160,557303855,308738629,3003297343,2435005231,394872055,925051149,4104684236,2180133691,1719538943,3643133722,167442978,2491900951,233426140,3943957783,1283032460,3263039651,4217131184,1185407535,2238689362,1650256649,2935932064,1046019262,1172427696,957191572,4170858474,3738051085,2593169903,3766109041,2883272973,1211100281,2328833569,759180040,3468612474,435945056,1021528530,230000824,146513304,1965832484,1328114915,3896380210,96011157,52539679,3470306811,883369839,2694848968,3705455187,3758551451,1889140079,3797895562,459889000,1429493535,3063818954,317825286,454583418,3870896421,869646615,1301656859,749716722,329756378,3753051724,3095520558,841166239,4041587755
// CHECK-NEXT: ones,4,4,4,6,1,5,3,3

ulong splitmix64(ulong z)
{
    z += 0x9E3779B97F4A7C15ul;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ul;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBul;
    return z ^ (z >> 31);
}

__kernel void streams(uint hi, uint lo, __global uint *out, __global uint *ones)
{
    uint g = get_global_id(0);
    ulong s = splitmix64((((ulong)hi << 32) | lo) + g);
    uint n = 0;
    for (int k = 0; k < 8; k++) {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        ulong r = s * 0x2545F4914F6CDD1Dul;
        out[g * 8 + k] = (uint)(r >> 32);
        n += (uint)(r >> 63);
    }
    ones[g] = n;
}
