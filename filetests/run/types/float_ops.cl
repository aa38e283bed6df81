// Element-wise float arithmetic: + - * negation, a truncating (int) conversion and a
// comparison, printed exactly; division checked with -compare within 3 ulp (OpenCL 1.2 allows 2.5 ulp).
// Each +, -, * is one correctly rounded IEEE single operation, so the expectations are
// float32 roundings of the exact results (reference/floats.py; struct-packed float32).
// Notable: 1 + 2^-24 ties to even and gives 1; 1 - 2^-24 = 0.99999994 is exact and
// prints as 0.9999999 in %.7g; -0 * 2 = -0; -(-0) = 0.
// RUN: kauai oclc -execute -enqueue float_ops -arg a,1.5,-2.25,3.0,0.1,1.0,-0.0 -arg b,0.5,4.0,-0.75,0.2,5.9604644775390625e-08,2.0 -print out,36 -compare q,3,-0.5625,-4,0.5,16777216,-0 -ulp-error 3 -global 6 %s
// CHECK: out,2,1,0.75,-1.5,1,0,1.75,-6.25,-9,2.25,-2,1,2.25,3.75,-2.25,-3,3,0,0.3,-0.1,0.02,-0.1,0,1,1,0.9999999,5.960464e-08,-1,1,0,2,-2,-0,0,0,1
// CHECK-NEXT: q - match

__kernel void float_ops(__global const float *a, __global const float *b,
                        __global float *out, __global float *q)
{
    size_t i = get_global_id(0);
    float x = a[i];
    float y = b[i];
    __global float *o = out + 6 * i;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = -x;
    o[4] = (float)(int)x;
    o[5] = (x < y) ? 1.0f : 0.0f;
    q[i] = x / y;
}
