// Tree reduction per work-group in a kernel-scope __local array with barriers:
// 4 groups of 16 sum the values 1..64; group g sums 16g+1 .. 16g+16 = 256g + 136.
// RUN: kauai oclc -execute -enqueue reduce_sum -arg in,range(1,64) -print sums,4 -global 64 -local 16 %s
// CHECK: sums,136,392,648,904

#define GROUP 16

__kernel void reduce_sum(__global const int *in, __global int *sums)
{
    __local int tmp[GROUP];
    int l = get_local_id(0);
    tmp[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = GROUP / 2; stride > 0; stride /= 2) {
        if (l < stride)
            tmp[l] += tmp[l + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        sums[get_group_id(0)] = tmp[0];
}
