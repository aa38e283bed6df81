// read_imageh and write_imageh (cl_khr_fp16): the float forms with the colour rounded
// to half4 (to nearest even) or widened from it exactly. img is R FLOAT 2x1 holding
// 1/3 and 65520: as half, float 1/3 (0.3333333433) is nearest 0x3555 = 0.333251953125
// (0x3556 = 0.33349609375 is twice as far), and 65520, halfway between the largest
// half 65504 (odd mantissa) and 65536, rounds to even: infinity, 0x7c00 = 31744.
// write_imageh of (0.5, -2, 3.75, 1) into an RGBA FLOAT image stores those floats.
// RUN: kauai oclc -execute -enqueue rh -arg img,image2d(R,FLOAT,2,1),0.3333333333,65520 -print out,2 -global 1 %s
// CHECK: out,13653,31744
// RUN: kauai oclc -execute -enqueue wh -arg dst,image2d(RGBA,FLOAT,1,1) -print dst,4 -global 1 %s
// CHECK: dst,0.5,-2,3.75,1
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void rh(__read_only image2d_t img, __global ushort *out)
{
    out[0] = as_ushort(read_imageh(img, (int2)(0, 0)).x);
    out[1] = as_ushort(read_imageh(img, (int2)(1, 0)).x);
}

__kernel void wh(__write_only image2d_t dst)
{
    write_imageh(dst, (int2)(0, 0), (half4)(0.5h, -2.0h, 3.75h, 1.0h));
}
