// A list syntax error names the option and its text (it named neither).
// RUN: kauai oclc -execute -enqueue copy -arg a,range(0 -print out,8 -global 8 %s
// CHECK-FAIL: -arg a,range(0: expected `,` at the end

__kernel void copy(__global const int *a, __global int *out)
{
    size_t i = get_global_id(0);
    out[i] = a[i];
}
