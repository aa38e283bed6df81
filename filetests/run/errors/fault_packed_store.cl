// Consecutive float stores past a buffer's end, by packets of 8 work-items that the
// host JIT keeps in SIMD vectors (fault_packed_access.cl has the loads): `y` has 16
// elements and the offset shifts the window by 5, so work-item 11's store to y[16]
// faults, and no work-item after it stores.
// RUN: kauai oclc -execute -enqueue k -arg x,repeat(32,1) -arg off,5 -print y,16 -global 16 -local 8 %s
// CHECK-FAIL: fault in kernel k, work-item (11, 0, 0)

__kernel void k(__global const float *x, __global float *y, int off)
{
    size_t i = get_global_id(0);
    y[i + off] = x[i] * 2.0f + 1.0f;
}
