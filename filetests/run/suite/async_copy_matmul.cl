// Tiled matrix multiply whose tiles are fetched with async_work_group_copy and
// wait_group_events, as DMA-minded kernels write it: C = A B with A 8 x 8 and B 8 x 8
// ints, work-groups of 4 x 4 outputs, each step copies a 4 x 4 tile of A (row by row,
// 4 copies of 4 ints) and of B into local memory, waits on the events, multiplies, and
// syncs before the next tile. A = range(0,63) - 32 (as given: range(-32,31)), B[k][j] =
// (k * 3 + j * 5) % 7 - 3. Expected: the integer product (reference/suite.py).
// RUN: kauai oclc -execute -enqueue mm -arg a,range(-32,31) -arg b,-3,2,0,-2,3,1,-1,-3,0,-2,3,1,-1,-3,2,0,3,1,-1,-3,2,0,-2,3,-1,-3,2,0,-2,3,1,-1,2,0,-2,3,1,-1,-3,2,-2,3,1,-1,-3,2,0,-2,1,-1,-3,2,0,-2,3,1,-3,2,0,-2,3,1,-1,-3 -arg n,8 -print c,64 -global 8,8 -local 4,4 %s
// CHECK: c,82,-50,-14,64,-89,-25,32,82,58,-34,-14,48,-65,-17,24,58,34,-18,-14,32,-41,-9,16,34,10,-2,-14,16,-17,-1,8,10,-14,14,-14,0,7,7,0,-14,-38,30,-14,-16,31,15,-8,-38,-62,46,-14,-32,55,23,-16,-62,-86,62,-14,-48,79,31,-24,-86

#define T 4

__kernel void mm(__global const int *a, __global const int *b, __global int *c, int n)
{
    __local int ta[T * T];
    __local int tb[T * T];
    int lx = get_local_id(0), ly = get_local_id(1);
    int col = get_global_id(0), row = get_global_id(1);
    int r0 = get_group_id(1) * T, c0 = get_group_id(0) * T;
    int acc = 0;
    for (int t = 0; t < n; t += T) {
        event_t ev = 0;
        for (int r = 0; r < T; r++) {
            ev = async_work_group_copy(ta + r * T, a + (r0 + r) * n + t, T, ev);
            ev = async_work_group_copy(tb + r * T, b + (t + r) * n + c0, T, ev);
        }
        wait_group_events(1, &ev);
        for (int k = 0; k < T; k++)
            acc += ta[ly * T + k] * tb[k * T + lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    c[row * n + col] = acc;
}
