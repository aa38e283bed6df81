// A scalar value argument given two values (and an int2 given one would be the same
// error): the message names the argument, its type and the counts.
// RUN: kauai oclc -execute -enqueue scale -arg k,2,3 -print out,4 -global 4 %s
// CHECK-FAIL: -arg k,2,3: `int` takes 1 values, got 2

__kernel void scale(int k, __global int *out)
{
    out[get_global_id(0)] = k;
}
