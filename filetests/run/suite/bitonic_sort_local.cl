// Bitonic sort of 64 uints in one work-group of 32 (each work-item compares one pair
// per step), in local memory given as a `__local` pointer argument, with a barrier
// after every step: the sorting network of the GPU sample codes. Input: 64 values
// randint(0,999) with -seed 3 (duplicates included). Expected: Python's sorted() over the
// same drawn values (reference/suite.py).
// RUN: kauai oclc -execute -enqueue bitonic -arg data,repeat(64,randint(0,999)) -seed 3 -arg s,256 -print data,64 -global 32 -local 32 %s
// CHECK: data,17,72,103,113,120,135,147,155,157,173,189,191,195,212,215,216,306,317,336,340,369,370,378,415,415,427,428,473,480,491,508,534,540,544,573,587,597,612,622,636,641,668,669,669,684,695,696,698,700,706,711,717,724,798,819,856,871,883,888,888,890,894,898,935

__kernel void bitonic(__global uint *data, __local uint *s)
{
    uint l = get_local_id(0);
    uint n = 2 * get_local_size(0);
    s[l] = data[l];
    s[l + n / 2] = data[l + n / 2];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 2; k <= n; k <<= 1) {
        for (uint j = k >> 1; j > 0; j >>= 1) {
            uint i = (l / j) * 2 * j + l % j;
            uint p = i + j;
            bool up = (i & k) == 0;
            uint a = s[i], b = s[p];
            if ((a > b) == up) {
                s[i] = b;
                s[p] = a;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    data[l] = s[l];
    data[l + n / 2] = s[l + n / 2];
}
