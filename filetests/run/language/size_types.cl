// size_t, ptrdiff_t, intptr_t and uintptr_t (64-bit on this device, as the pointer
// size): a size_t buffer receives get_global_id(0) * 3 + get_global_size(0) (8 items:
// 8, 11, ..., 29), ptrdiff_t holds a negative pointer difference (&in[0] - &in[5] = -5),
// and the uintptr_t distance between &in[3] and &in[0] is 12 bytes; sizeof(size_t) = 8.
// RUN: kauai oclc -execute -enqueue sizes -arg in,range(0,7) -print s,8 -print d,3 -global 8 %s
// CHECK: s,8,11,14,17,20,23,26,29
// CHECK-NEXT: d,-5,12,8

__kernel void sizes(__global const int *in, __global size_t *s, __global ptrdiff_t *d)
{
    size_t i = get_global_id(0);
    s[i] = i * 3 + get_global_size(0);
    if (i == 0) {
        d[0] = &in[0] - &in[5];
        d[1] = (intptr_t)((uintptr_t)&in[3] - (uintptr_t)&in[0]);
        d[2] = sizeof(size_t);
    }
}
