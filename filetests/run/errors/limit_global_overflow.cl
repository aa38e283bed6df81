// 2^32 x 2^32 work-items: the product wrapped to 0 in 64-bit arithmetic;
// it is computed checked and refused, on every device.
// RUN: kauai oclc -execute -enqueue fill -print out,4 -global 4294967296,4294967296 %s
// CHECK-FAIL: -global: the global size 4294967296 x 4294967296 has more work-items than

__kernel void fill(__global int *out)
{
    out[get_global_id(0)] = 1;
}
