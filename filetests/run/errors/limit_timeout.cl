// A time limit of 1e300 seconds panicked in Duration::from_secs_f64.
// RUN: kauai oclc -execute -enqueue fill -print out,4 -global 4 -timeout 1e300 %s
// CHECK-FAIL: -timeout 1e300: the time limit must be a number of seconds above 0 and at most 1e6 (MAX_TIMEOUT_SECS)

__kernel void fill(__global int *out)
{
    out[get_global_id(0)] = 1;
}
