// A `long` index past 32 bits: the host's 64-bit addresses fault; on the kauai devices
// the front end truncates the index to the 32-bit pointer width, so without a check
// 2^32 + 1 would store to `o[1]`. The generated IL checks the high word.
// RUN: kauai oclc -execute -enqueue wrap -arg i,4294967297 -print o,4 -global 1 %s
// CHECK-FAIL: fault in kernel wrap, work-item (0, 0, 0)

__kernel void wrap(__global char *o, long i)
{
    o[i] = 7;
}
