// Build options given with -cl-options reach the preprocessor: -D NAME=VALUE (with and
// without a space after -D) and -cl-fast-relaxed-math, which defines
// __FAST_RELAXED_MATH__. Two runs of the same file with different options:
//  run 1: -DSCALE=3 -D OFFSET=-1 -> out = 3 in - 1 for in = 1..4, flags: relaxed = 0,
//         CL_VERSION_1_2 = 120 (its definition), __ENDIAN_LITTLE__ = 1 (the host is
//         little-endian);
//  run 2: -DSCALE=10 -D OFFSET=5 -cl-fast-relaxed-math -> out = 10 in + 5, relaxed = 1.
// RUN: kauai oclc -cl-options '-DSCALE=3 -D OFFSET=-1' -execute -enqueue options -arg in,1,2,3,4 -print out,4 -print flags,3 -global 4 %s
// CHECK: out,2,5,8,11
// CHECK-NEXT: flags,0,120,1
// RUN: kauai oclc -cl-options '-DSCALE=10 -D OFFSET=5 -cl-fast-relaxed-math' -execute -enqueue options -arg in,1,2,3,4 -print out,4 -print flags,3 -global 4 %s
// CHECK: out,15,25,35,45
// CHECK-NEXT: flags,1,120,1

#ifndef SCALE
#error "SCALE must be given with -D"
#endif

__kernel void options(__global const int *in, __global int *out, __global int *flags)
{
    int i = get_global_id(0);
    out[i] = in[i] * SCALE + OFFSET;
    if (i == 0) {
#ifdef __FAST_RELAXED_MATH__
        flags[0] = 1;
#else
        flags[0] = 0;
#endif
        flags[1] = CL_VERSION_1_2;
        flags[2] = __ENDIAN_LITTLE__;
    }
}
