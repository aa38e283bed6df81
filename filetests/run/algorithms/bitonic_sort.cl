// Bitonic sort of 32 ints by one work-group of 16 work-items in __local memory: for each
// stage size k = 2, 4, .., 32 and distance j = k/2 .. 1, every work-item compares one pair
// (i, i + j), ascending when (i & k) == 0, then all meet at a barrier. All 15 steps run in
// one launch (barriers inside nested loops). Expected: the input sorted (Python sorted()).
// RUN: kauai oclc -execute -enqueue bitonic -arg data,17,-3,42,8,8,0,-50,99,23,5,5,5,61,-7,12,30,1,2,3,-1,-2,-3,100,-100,77,64,13,31,0,19,44,6 -print data,32 -global 16 -local 16 %s
// CHECK: data,-100,-50,-7,-3,-3,-2,-1,0,0,1,2,3,5,5,5,6,8,8,12,13,17,19,23,30,31,42,44,61,64,77,99,100

#define N 32

__kernel void bitonic(__global int *data)
{
    __local int v[N];
    int t = get_local_id(0);
    v[t] = data[t];
    v[t + N / 2] = data[t + N / 2];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 2; k <= N; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            int i = 2 * j * (t / j) + t % j;
            int p = i + j;
            int a = v[i];
            int b = v[p];
            bool up = (i & k) == 0;
            if ((a > b) == up) {
                v[i] = b;
                v[p] = a;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    data[t] = v[t];
    data[t + N / 2] = v[t + N / 2];
}
