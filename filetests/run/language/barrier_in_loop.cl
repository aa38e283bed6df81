// Barriers inside a loop: 4 rounds of a circular 3-point sum within each work-group of 8
// (v[l] = v[l-1] + v[l] + v[l+1], indices modulo 8), reading and writing __local memory
// with a barrier between the read and the write phase of every round.
// Input 1..16 (two groups); expected: the same 4 rounds in Python (reference/language.py).
// Each round multiplies the group total by 3: group 1 total 36 * 81 = 2916 = sum of its
// outputs 329 + 282 + ... + 400.
// RUN: kauai oclc -execute -enqueue smooth -arg v,range(1,16) -arg rounds,4 -print out,16 -global 16 -local 8 %s
// CHECK: out,329,282,283,332,397,446,447,400,977,930,931,980,1045,1094,1095,1048

__kernel void smooth(__global const int *v, int rounds, __global int *out)
{
    __local int buf[8];
    int l = get_local_id(0);
    int n = get_local_size(0);
    buf[l] = v[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int r = 0; r < rounds; r++) {
        int s = buf[(l + n - 1) % n] + buf[l] + buf[(l + 1) % n];
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[l] = s;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = buf[l];
}
