// saxpy: y = a * x + y with a scalar float argument. a = 2.5, x = 0..15, y = 1, so
// y_i = 2.5 i + 1, exact in float32 (checked both by print and by -compare).
// RUN: kauai oclc -execute -enqueue saxpy -arg a,2.5 -arg x,range(0,15) -arg y,repeat(16,1) -print y,16 -global 16 -local 4 %s
// CHECK: y,1,3.5,6,8.5,11,13.5,16,18.5,21,23.5,26,28.5,31,33.5,36,38.5
// RUN: kauai oclc -execute -enqueue saxpy -arg a,2.5 -arg x,range(0,15) -arg y,repeat(16,1) -compare y,range(1,38.5,2.5) -global 16 %s
// CHECK: y - match

__kernel void saxpy(float a, __global const float *x, __global float *y)
{
    size_t i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}
