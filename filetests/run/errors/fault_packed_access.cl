// Consecutive float loads past a buffer's end, by a packet of 8 work-items that the
// host JIT keeps in SIMD vectors: the packet's one bounds check fails, each
// work-item's own access is checked, and the fault names the first work-item out of
// bounds, as the interpreter (one work-item at a time) does: `x` has 12 elements, so
// work-item 12's load of x[12] faults.
// RUN: kauai oclc -execute -enqueue k -arg x,range(0,11) -arg off,0 -print y,16 -global 16 -local 16 %s
// CHECK-FAIL: fault in kernel k, work-item (12, 0, 0)

__kernel void k(__global const float *x, __global float *y, int off)
{
    size_t i = get_global_id(0);
    y[i + off] = x[i] * 2.0f + 1.0f;
}
