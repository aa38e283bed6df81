// 99999999999 into an int silently wrapped: out-of-range values are refused
// with the type's range.
// RUN: kauai oclc -execute -enqueue scale -arg k,99999999999 -print out,4 -global 4 %s
// CHECK-FAIL: -arg k,99999999999: `99999999999` is out of range for `int` (-2147483648 to 2147483647)

__kernel void scale(int k, __global int *out)
{
    out[get_global_id(0)] = k;
}
