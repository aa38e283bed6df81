// An argument list read from an endless file (read to exhaustion) stops at
// the input size limit, naming the file.
// RUN: kauai oclc -execute -enqueue fill -arg out:/dev/zero -global 4 %s
// CHECK-FAIL: -arg out:/dev/zero: /dev/zero is larger than the input size limit of 67108864 bytes (64 MiB, MAX_INPUT_BYTES)

__kernel void fill(__global int *out)
{
    out[get_global_id(0)] = 1;
}
