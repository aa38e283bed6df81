// 1.5 into an int buffer silently became 1: a value the type cannot hold
// exactly is refused, naming the option, its text and the reason.
// RUN: kauai oclc -execute -enqueue copy -arg a,repeat(8,1.5) -print out,8 -global 8 %s
// CHECK-FAIL: -arg a,repeat(8,1.5): `1.5` is not a whole number, as `int` needs

__kernel void copy(__global const int *a, __global int *out)
{
    size_t i = get_global_id(0);
    out[i] = a[i];
}
