// An index whose byte offset wraps 32 bits: o[1 << 30] is 4 GiB past `o`. The host
// (64-bit addresses) faults. On the kauai devices (32-bit size_t) the address would wrap
// to `o` + 0, so the constant offset is refused at build time; see devices.txt.
// RUN: kauai oclc -execute -enqueue wrap -print o,4 -global 1 %s
// CHECK-FAIL: fault in kernel wrap, work-item (0, 0, 0)

__kernel void wrap(__global int *o)
{
    o[1 << 30] = 7;
}
