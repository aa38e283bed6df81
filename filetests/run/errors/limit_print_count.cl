// A -print count far beyond any buffer (the buffer was sized from it, a
// "capacity overflow" panic or a 400 GB allocation): the size is checked against the
// device's maximum buffer size (128 MiB on every device) before anything is allocated.
// RUN: kauai oclc -execute -enqueue fill -print out,100000000000,4 -global 4 %s
// CHECK-FAIL: argument `out`: 100000000004 values of `int` (asked for by -print) exceed the maximum buffer size of

__kernel void fill(__global int *out)
{
    out[get_global_id(0)] = 1;
}
