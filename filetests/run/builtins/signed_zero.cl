// Signed zeros through exact operations (IEEE 754, which OpenCL follows for these):
//  floor(-0.5) = -1 but ceil(-0.5) = -0 (a zero result keeps the sign of the input),
//  floor(-0) = -0, sqrt(-0) = -0, fabs(-0) = 0, -0 + 0 = 0 and -0 - 0 = -0 under
//  round-to-nearest, 0 * -1 = -0, fma(-0, 1, -0) = -0, -(0) = -0, (float)-0.0 from a
//  double keeps the sign.
// Operands come from a buffer (v = 0.5, 0, 1).
// RUN: kauai oclc -execute -enqueue zeros -arg v,0.5,0.0,1.0 -print z,11 -global 1 %s
// CHECK: z,-1,-0,-0,-0,0,0,-0,-0,-0,-0,-0

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void zeros(__global const float *v, __global float *z)
{
    float half_ = v[0], zero = v[1], one = v[2];
    float nz = -zero;
    z[0] = floor(-half_);
    z[1] = ceil(-half_);
    z[2] = floor(nz);
    z[3] = sqrt(nz);
    z[4] = fabs(nz);
    z[5] = nz + zero;
    z[6] = nz - zero;
    z[7] = zero * -one;
    z[8] = fma(nz, one, nz);
    z[9] = -zero;
    z[10] = (float)(-(double)zero);
}
