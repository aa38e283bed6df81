// The run-time form of wrapped_index.cl: the index arrives as an argument, so no
// compiler can refuse it. The host (64-bit addresses) faults; on the kauai devices the
// 32-bit address arithmetic would wrap to `o` + 0, so the generated IL checks the scaled
// index and the access faults there too.
// RUN: kauai oclc -execute -enqueue wrap -arg i,1073741824 -print o,4 -global 1 %s
// CHECK-FAIL: fault in kernel wrap, work-item (0, 0, 0)

__kernel void wrap(__global int *o, int i)
{
    o[i] = 7;
}
