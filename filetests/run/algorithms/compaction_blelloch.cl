// Stream compaction with a work-efficient (Blelloch) exclusive scan in __local memory:
// one group of 16 work-items handles 32 values, 2 each. flags = (v > 0); the up-sweep
// builds partial sums in a tree, the root is cleared, the down-sweep turns them into the
// exclusive prefix sums, and every kept value is written to out[prefix]. count[0] gets the
// number kept. The output keeps the input order of the positive values:
// 17 42 8 8 99 23 5 5 5 61 12 30 1 2 3 100 77 64 13 31 19 44 6 (23 values), the rest of
// out stays 0. Expected: a Python list comprehension (reference/algorithms.py).
// RUN: kauai oclc -execute -enqueue compact -arg in,17,-3,42,8,8,0,-50,99,23,5,5,5,61,-7,12,30,1,2,3,-1,-2,-3,100,-100,77,64,13,31,0,19,44,6 -print out,32 -print count,1 -global 16 -local 16 %s
// CHECK: out,17,42,8,8,99,23,5,5,5,61,12,30,1,2,3,100,77,64,13,31,19,44,6,0,0,0,0,0,0,0,0,0
// CHECK-NEXT: count,23

#define N 32

__kernel void compact(__global const int *in, __global int *out, __global int *count)
{
    __local int s[N];
    int t = get_local_id(0);
    int a = 2 * t, b = 2 * t + 1;
    int va = in[a], vb = in[b];
    s[a] = va > 0;
    s[b] = vb > 0;
    int offset = 1;
    for (int d = N / 2; d > 0; d /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (t < d) {
            int i = offset * (2 * t + 1) - 1;
            int j = offset * (2 * t + 2) - 1;
            s[j] += s[i];
        }
        offset *= 2;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (t == 0) {
        count[0] = s[N - 1];
        s[N - 1] = 0;
    }
    for (int d = 1; d < N; d *= 2) {
        offset /= 2;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (t < d) {
            int i = offset * (2 * t + 1) - 1;
            int j = offset * (2 * t + 2) - 1;
            int tmp = s[i];
            s[i] = s[j];
            s[j] += tmp;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (va > 0)
        out[s[a]] = va;
    if (vb > 0)
        out[s[b]] = vb;
}
