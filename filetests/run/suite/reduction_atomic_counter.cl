// Reduction in one pass, as the "threadfence reduction" samples do it in OpenCL 1.2: each
// work-group reduces its 16 values in local memory (tree, barriers), work-item 0 adds the
// partial sum to a global total with atomic_add and takes a ticket from a global counter
// with atomic_inc; the group that draws the last ticket (number of groups - 1 = 3)
// writes it to `last`, whichever group that is.
// Also a global atomic_max/atomic_min over all values. Input: 64 values range(1,64):
// total = 64 * 65 / 2 = 2080, max 64, min 1; tickets 0..3 so the
// last group saw 3 earlier ones (all by hand).
// RUN: kauai oclc -execute -enqueue reduce -arg in,range(1,64) -print total,1 -print counter,1 -print last,1 -print extremes,2 -arg extremes,0,1000 -global 64 -local 16 %s
// CHECK: total,2080
// CHECK-NEXT: counter,4
// CHECK-NEXT: last,3
// CHECK-NEXT: extremes,64,1

__kernel void reduce(__global const int *in, __global int *total, __global uint *counter,
                     __global uint *last, __global int *extremes)
{
    __local int s[16];
    int l = get_local_id(0);
    int v = in[get_global_id(0)];
    s[l] = v;
    atomic_max(&extremes[0], v);
    atomic_min(&extremes[1], v);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int d = get_local_size(0) / 2; d > 0; d >>= 1) {
        if (l < d)
            s[l] += s[l + d];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) {
        atomic_add(total, s[0]);
        uint ticket = atomic_inc(counter);
        if (ticket == get_num_groups(0) - 1)
            *last = ticket;
    }
}
