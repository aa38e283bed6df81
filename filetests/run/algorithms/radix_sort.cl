// LSD radix sort of 64 8-bit keys by one work-group of 64, one bit per pass (a "split"):
// for bit b = 0..7, each work-item flags whether its key has bit b clear, an exclusive
// prefix sum of the flags (Hillis-Steele in __local memory) gives the position of each
// clear key, and the keys with the bit set follow after all clear ones, in order. Eight
// passes, each with barriers inside nested loops. The payload (the original index) moves
// with its key, so the sort's stability is visible: equal keys keep their input order.
// The 64 keys (with duplicates) are listed on the RUN line; expected: Python's stable
// sorted() of the indices by key (reference/algorithms.py).
// RUN: kauai oclc -execute -enqueue radix -arg keys,13,200,7,7,255,0,128,64,13,99,1,254,32,32,77,150,13,200,3,3,90,45,45,8,16,250,250,0,128,129,127,126,5,6,7,8,9,10,11,12,100,101,102,103,104,105,106,107,200,201,202,203,204,205,206,207,1,1,2,2,3,3,4,4 -print keys,64 -print idx,64 -global 64 -local 64 %s
// CHECK: keys,0,0,1,1,1,2,2,3,3,3,3,4,4,5,6,7,7,7,8,8,9,10,11,12,13,13,13,16,32,32,45,45,64,77,90,99,100,101,102,103,104,105,106,107,126,127,128,128,129,150,200,200,200,201,202,203,204,205,206,207,250,250,254,255
// CHECK-NEXT: idx,5,27,10,56,57,58,59,18,19,60,61,62,63,32,33,2,3,34,23,35,36,37,38,39,0,8,16,24,12,13,21,22,7,14,20,9,40,41,42,43,44,45,46,47,31,30,6,28,29,15,1,17,48,49,50,51,52,53,54,55,25,26,11,4

#define N 64

__kernel void radix(__global uint *keys, __global uint *idx)
{
    __local uint k[N];
    __local uint p[N];
    __local uint scan[2][N];
    uint t = get_local_id(0);
    k[t] = keys[t];
    p[t] = t;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint bit = 0; bit < 8; bit++) {
        uint key = k[t];
        uint payload = p[t];
        uint clear = ((key >> bit) & 1) == 0;
        int src = 0;
        scan[0][t] = clear;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint off = 1; off < N; off <<= 1) {
            uint v = scan[src][t];
            if (t >= off)
                v += scan[src][t - off];
            scan[1 - src][t] = v;
            barrier(CLK_LOCAL_MEM_FENCE);
            src = 1 - src;
        }
        uint inclusive = scan[src][t];
        uint zeros = scan[src][N - 1];
        uint before = inclusive - clear;
        uint dest = clear ? before : zeros + (t - before);
        barrier(CLK_LOCAL_MEM_FENCE);
        k[dest] = key;
        p[dest] = payload;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    keys[t] = k[t];
    idx[t] = p[t];
}
