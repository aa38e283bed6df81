// A compare list of 2^26 ints for an output-only buffer (2.1 GB of expanded
// doubles): its length is known without expanding it, and 256 MiB of ints is over the
// device's maximum buffer size.
// RUN: kauai oclc -execute -enqueue fill -compare out,repeat(67108864,0) -global 4 %s
// CHECK-FAIL: 67108864 values of `int` (asked for by -compare) exceed the maximum buffer size of

__kernel void fill(__global int *out)
{
    out[get_global_id(0)] = 1;
}
