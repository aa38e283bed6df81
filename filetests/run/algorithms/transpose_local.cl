// Transpose of an 8-wide, 4-high int matrix through a padded __local tile (4 x 5 to
// avoid bank conflicts on a GPU). Work-groups of 4x4 read rows and write columns.
// in = 0..31 row-major, so out (4 wide, 8 high) holds out[x*4 + y] = y*8 + x.
// RUN: kauai oclc -execute -enqueue transpose -arg in,range(0,31) -print out,32 -global 8,4 -local 4,4 %s
// CHECK: out,0,8,16,24,1,9,17,25,2,10,18,26,3,11,19,27,4,12,20,28,5,13,21,29,6,14,22,30,7,15,23,31

#define T 4

__kernel void transpose(__global const int *in, __global int *out)
{
    __local int tile[T][T + 1];
    int w = get_global_size(0);
    int h = get_global_size(1);
    int lx = get_local_id(0);
    int ly = get_local_id(1);
    int gx = get_group_id(0) * T;
    int gy = get_group_id(1) * T;
    tile[ly][lx] = in[(gy + ly) * w + gx + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    // Work-item (lx, ly) now writes element (gy + lx, gx + ly) of the transposed matrix.
    out[(gx + ly) * h + gy + lx] = tile[lx][ly];
}
