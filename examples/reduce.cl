// Parallel sum with local memory: each work-group adds up its slice of the input in a
// tree, halving the number of active work-items at each step, and writes one partial sum.
// The caller (or a second launch) adds the partial sums.
//
// `scratch` is a __local buffer with one int per work-item, given by size in bytes:
//   kauai oclc -execute -enqueue reduce -arg 'in,range(1,128)' -arg scratch,128 \
//       -print partial,4 -global 128 -local 32 examples/reduce.cl
// prints
//   partial,528,1552,2576,3600
// (group g sums 32g+1 .. 32g+32 = 1024 g + 528; all four add up to 128 * 129 / 2 = 8256).
// filetests/run/examples/reduce.cl runs this. The local size must be a power of two.

__kernel void reduce(__global const int *in, __global int *partial, __local int *scratch)
{
    size_t lid = get_local_id(0);
    scratch[lid] = in[get_global_id(0)];
    // Every work-item must have stored its value before anyone reads a neighbour's.
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
        if (lid < stride)
            scratch[lid] += scratch[lid + stride];
        // The next step reads what this step wrote.
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}
