// 256-bin histogram of bytes read four at a time as uchar4 (the SDK's histogram256
// reads vectors), counted into a local uint histogram with atomic_inc on each of the
// four components, then merged with global atomic_add by a strided loop over the bins
// (every work-item adds 256 / 32 = 8 bins). Data: 512 bytes randint(0,255), -seed 73:
// 128 work-items in 4 groups of 32, one uchar4 each. Expected: Python's counts; the sum of
// the bins is 512 (reference/suite.py).
// RUN: kauai oclc -execute -enqueue hist256 -arg data,repeat(512,randint(0,255)) -seed 73 -print hist,256 -global 128 -local 32 %s
// CHECK: hist,0,4,2,2,3,6,2,4,2,1,1,2,4,0,1,1,3,5,1,0,1,2,1,0,1,3,2,2,3,3,2,2,2,1,4,2,4,1,1,4,2,4,3,1,1,1,0,0,3,3,0,1,2,0,2,5,1,1,2,1,6,2,1,2,3,2,1,0,0,4,2,2,1,2,5,4,2,3,0,1,3,3,3,0,0,4,0,5,0,1,1,1,2,2,3,3,4,0,3,0,2,2,1,3,2,0,1,2,3,1,2,4,2,3,5,1,1,4,1,1,2,3,3,1,3,5,3,2,0,1,8,2,1,4,1,1,1,0,3,2,4,4,2,0,2,1,3,2,0,4,2,2,4,1,4,1,1,2,2,1,2,0,0,0,1,2,2,0,3,4,0,1,1,4,1,0,1,1,1,1,2,3,3,0,2,1,2,3,1,0,2,3,2,4,2,1,1,1,2,1,2,3,3,2,3,2,2,2,4,4,1,5,3,3,1,3,0,1,4,2,3,0,1,2,1,4,2,1,2,2,3,3,1,3,2,1,3,0,2,1,3,3,0,2,3,1,3,1,4,3,0,1,5,2,3,2

__kernel void hist256(__global const uchar4 *data, __global uint *hist)
{
    __local uint bins[256];
    int l = get_local_id(0);
    int ls = get_local_size(0);
    for (int b = l; b < 256; b += ls)
        bins[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uchar4 v = data[get_global_id(0)];
    atomic_inc(&bins[v.x]);
    atomic_inc(&bins[v.y]);
    atomic_inc(&bins[v.z]);
    atomic_inc(&bins[v.w]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int b = l; b < 256; b += ls)
        if (bins[b])
            atomic_add(&hist[b], bins[b]);
}
