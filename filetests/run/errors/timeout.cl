// An endless loop (with a visible side effect, so it cannot be removed) stopped by
// -timeout 1: the enqueue fails with a "stopped by the time limit" message instead of
// hanging the test run.
// RUN: kauai oclc -execute -enqueue spin -print out,1 -global 1 -timeout 1 %s
// CHECK-FAIL: kernel spin stopped by the time limit

__kernel void spin(__global int *out)
{
    for (;;)
        out[0] += 1;
}
