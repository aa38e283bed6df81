// One pass of an LSD radix sort (2-bit digits, 4 buckets) over 32 keys in one
// work-group: bucket counts with local atomic_inc, exclusive bucket offsets by work-item
// 0, each key's rank among the earlier keys of its bucket (so the pass is stable), and
// the scatter. Two runs on the same keys (randint(0,255), -seed 21): digit 0 (shift 0)
// and digit 3 (shift 6). Expected: Python's stable sorted(key=digit) and the bucket
// counts (reference/suite.py).
// RUN: kauai oclc -execute -enqueue radix_pass -arg keys,repeat(32,randint(0,255)) -seed 21 -arg shift,0 -print out,32 -print counts,4 -global 32 -local 32 %s
// CHECK: out,116,216,168,204,104,40,0,132,68,44,21,177,109,49,121,77,6,234,134,166,194,78,126,150,74,222,23,91,139,147,203,147
// CHECK-NEXT: counts,10,6,10,6
// RUN: kauai oclc -execute -enqueue radix_pass -arg keys,repeat(32,randint(0,255)) -seed 21 -arg shift,6 -print out,32 -print counts,4 -global 32 -local 32 %s
// CHECK: out,6,23,21,49,40,0,44,116,91,78,126,109,74,104,121,68,77,134,166,177,139,168,147,150,147,132,234,216,194,203,204,222
// CHECK-NEXT: counts,7,10,9,6

#define RADIX 4

__kernel void radix_pass(__global const uint *keys, __global uint *out, __global uint *counts,
                         uint shift)
{
    __local uint cnt[RADIX];
    __local uint off[RADIX];
    __local uint k[32];
    uint l = get_local_id(0);
    if (l < RADIX)
        cnt[l] = 0;
    uint key = keys[l];
    uint d = (key >> shift) & (RADIX - 1);
    k[l] = key;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&cnt[d]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        uint run = 0;
        for (int b = 0; b < RADIX; b++) {
            off[b] = run;
            run += cnt[b];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint rank = 0;
    for (uint j = 0; j < l; j++)
        rank += ((k[j] >> shift) & (RADIX - 1)) == d;
    out[off[d] + rank] = key;
    if (l < RADIX)
        counts[l] = cnt[l];
}
