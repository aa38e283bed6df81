// Floating-point atomic add built from atomic_cmpxchg on the bits, the idiom real
// OpenCL 1.2 code uses (no float atomics in 1.2): each work-item adds its value to one
// of 4 global float bins (bin = gid % 4) and to a __local float total, both through the
// compare-and-swap loop on as_uint/as_float; the group total then goes to `groups`.
// Values: k / 8 for k = 1..64 (range(0.125,8,0.125)): every partial sum is a multiple
// of 1/8 below 2^20, so the sums are exact whatever order the atomics take.
// By hand: bin b sums (k / 8) over k = b + 1, b + 5, ..., b + 61 (16 terms):
//   (16 (b + 1) + 4 * 120) / 8 = 2 (b + 1) + 60 = 62, 64, 66, 68;
//   group j (16 items) sums k = 16 j + 1 .. 16 j + 16: (256 j + 136) / 8 = 17, 49, 81, 113.
// RUN: kauai oclc -execute -enqueue fadd -arg x,range(0.125,8,0.125) -print bins,4 -print groups,4 -global 64 -local 16 %s
// CHECK: bins,62,64,66,68
// CHECK-NEXT: groups,17,49,81,113

void atomic_add_float_global(volatile __global float *p, float v)
{
    uint old = as_uint(*p), assumed;
    do {
        assumed = old;
        old = atomic_cmpxchg((volatile __global uint *)p, assumed, as_uint(as_float(assumed) + v));
    } while (old != assumed);
}

void atomic_add_float_local(volatile __local float *p, float v)
{
    uint old = as_uint(*p), assumed;
    do {
        assumed = old;
        old = atomic_cmpxchg((volatile __local uint *)p, assumed, as_uint(as_float(assumed) + v));
    } while (old != assumed);
}

__kernel void fadd(__global const float *x, __global float *bins, __global float *groups)
{
    __local float total;
    int g = get_global_id(0);
    if (get_local_id(0) == 0)
        total = 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add_float_global(&bins[g % 4], x[g]);
    atomic_add_float_local(&total, x[g]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        groups[get_group_id(0)] = total;
}
