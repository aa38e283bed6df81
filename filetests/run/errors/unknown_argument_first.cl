// A misspelt argument name is reported as such, before the check that every argument
// is given (`out` was reported missing, `ouy` never).
// RUN: kauai oclc -execute -enqueue copy -arg a,1,2 -arg ouy,0,0 -global 2 %s
// CHECK-FAIL: -arg ouy,0,0: kernel `copy` has no argument named `ouy` (arguments: a, out)

__kernel void copy(__global const int *a, __global int *out)
{
    size_t i = get_global_id(0);
    out[i] = a[i];
}
