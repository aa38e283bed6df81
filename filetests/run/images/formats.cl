// Format conversions, written then read back (OpenCL 1.2 8.3): write_imagef stores
// convert_<T>_sat_rte(f * scale) for UNORM/SNORM 8/16 (scale 255, 127, 65535, 32767),
// the nearest half (ties to even) for HALF_FLOAT, the float for FLOAT; BGRA stores blue
// first. read_imagef gives c / 255 and max(-1, c / 127) (and / 32767). write_imagei and
// write_imageui saturate to the channel's range. Every RUN writes the same 4 pixels (or
// reads 16 stored values). E.g. 0.5 * 255 = 127.5 rounds to 128 (even), 1/3 * 255 =
// 84.99999 to 85, -0.25 to 0 (saturated) and 0.5 * 32767 = 16383.5 to 16384.
// Expected: reference/images.py (float32 products, ties to even, Python's half).
// RUN: kauai oclc -execute -enqueue put -arg dst,image2d(RGBA,UNORM_INT8,4,1) -arg v,0,0.5,0.3333333,-0.25,1.5,-2,0.001960784,0.998,0.25,0.75,1,-1,0.0019607843,0.6,0.125,0.9 -print dst,16 -global 4 %s
// CHECK: dst,0,128,85,0,255,0,0,254,64,191,255,0,0,153,32,230
// RUN: kauai oclc -execute -enqueue put -arg dst,image2d(RGBA,SNORM_INT8,4,1) -arg v,0,0.5,0.3333333,-0.25,1.5,-2,0.001960784,0.998,0.25,0.75,1,-1,0.0019607843,0.6,0.125,0.9 -print dst,16 -global 4 %s
// CHECK: dst,0,64,42,-32,127,-128,0,127,32,95,127,-127,0,76,16,114
// RUN: kauai oclc -execute -enqueue put -arg dst,image2d(RGBA,UNORM_INT16,4,1) -arg v,0,0.5,0.3333333,-0.25,1.5,-2,0.001960784,0.998,0.25,0.75,1,-1,0.0019607843,0.6,0.125,0.9 -print dst,16 -global 4 %s
// CHECK: dst,0,32768,21845,0,65535,0,128,65404,16384,49151,65535,0,128,39321,8192,58982
// RUN: kauai oclc -execute -enqueue put -arg dst,image2d(RGBA,SNORM_INT16,4,1) -arg v,0,0.5,0.3333333,-0.25,1.5,-2,0.001960784,0.998,0.25,0.75,1,-1,0.0019607843,0.6,0.125,0.9 -print dst,16 -global 4 %s
// CHECK: dst,0,16384,10922,-8192,32767,-32768,64,32701,8192,24575,32767,-32767,64,19660,4096,29490
// RUN: kauai oclc -execute -enqueue put -arg dst,image2d(RGBA,HALF_FLOAT,4,1) -arg v,0,0.5,0.3333333,-0.25,1.5,-2,0.001960784,0.998,0.25,0.75,1,-1,0.0019607843,0.6,0.125,0.9 -print dst,16 -global 4 %s
// CHECK: dst,0,0.5,0.33325,-0.25,1.5,-2,0.0019608,0.99805,0.25,0.75,1,-1,0.0019608,0.6001,0.125,0.8999
// RUN: kauai oclc -execute -enqueue put -arg dst,image2d(RGBA,FLOAT,4,1) -arg v,0,0.5,0.3333333,-0.25,1.5,-2,0.001960784,0.998,0.25,0.75,1,-1,0.0019607843,0.6,0.125,0.9 -print dst,16 -global 4 %s
// CHECK: dst,0,0.5,0.3333333,-0.25,1.5,-2,0.001960784,0.998,0.25,0.75,1,-1,0.001960784,0.6,0.125,0.9
// RUN: kauai oclc -execute -enqueue put -arg dst,image2d(BGRA,UNORM_INT8,4,1) -arg v,0,0.5,0.3333333,-0.25,1.5,-2,0.001960784,0.998,0.25,0.75,1,-1,0.0019607843,0.6,0.125,0.9 -print dst,16 -global 4 %s
// CHECK: dst,85,128,0,0,0,0,255,254,255,191,64,0,32,153,0,230
// RUN: kauai oclc -execute -enqueue get -arg src,image2d(R,UNORM_INT8,16,1),range(0,255,17) -print back,16 -global 16 %s
// CHECK: back,0,0.06666667,0.1333333,0.2,0.2666667,0.3333333,0.4,0.4666667,0.5333334,0.6,0.6666667,0.7333333,0.8,0.8666667,0.9333333,1
// RUN: kauai oclc -execute -enqueue get -arg src,image2d(R,SNORM_INT8,16,1),-128,-127,-64,-1,0,1,63,64,100,126,127,-100,-2,2,50,-50 -print back,16 -global 16 %s
// CHECK: back,-1,-1,-0.503937,-0.007874016,0,0.007874016,0.496063,0.503937,0.7874016,0.992126,1,-0.7874016,-0.01574803,0.01574803,0.3937008,-0.3937008
// RUN: kauai oclc -execute -enqueue get -arg src,image2d(LUMINANCE,SNORM_INT16,16,1),-32768,-32767,-16384,-1,0,1,16383,32767,1000,-1000,12345,-12345,2,-2,30000,-30000 -print back,16 -global 16 %s
// CHECK: back,-1,-1,-0.5000153,-3.051851e-05,0,3.051851e-05,0.4999847,1,0.03051851,-0.03051851,0.376751,-0.376751,6.103702e-05,-6.103702e-05,0.9155553,-0.9155553
// RUN: kauai oclc -execute -enqueue puti -arg dst,image2d(RGBA,SIGNED_INT8,4,1) -arg v,0,1,-1,127,128,-128,-129,300,-300,32767,32768,-32769,100000,-100000,2147483647,-2147483648 -print dst,16 -global 4 %s
// CHECK: dst,0,1,-1,127,127,-128,-128,127,-128,127,127,-128,127,-128,127,-128
// RUN: kauai oclc -execute -enqueue puti -arg dst,image2d(RGBA,SIGNED_INT16,4,1) -arg v,0,1,-1,127,128,-128,-129,300,-300,32767,32768,-32769,100000,-100000,2147483647,-2147483648 -print dst,16 -global 4 %s
// CHECK: dst,0,1,-1,127,128,-128,-129,300,-300,32767,32767,-32768,32767,-32768,32767,-32768
// RUN: kauai oclc -execute -enqueue puti -arg dst,image2d(RGBA,SIGNED_INT32,4,1) -arg v,0,1,-1,127,128,-128,-129,300,-300,32767,32768,-32769,100000,-100000,2147483647,-2147483648 -print dst,16 -global 4 %s
// CHECK: dst,0,1,-1,127,128,-128,-129,300,-300,32767,32768,-32769,100000,-100000,2147483647,-2147483648
// RUN: kauai oclc -execute -enqueue putui -arg dst,image2d(RGBA,UNSIGNED_INT8,4,1) -arg v,0,1,255,256,65535,65536,4294967295,1000,70000,12,200,300,5,65534,2147483648,77 -print dst,16 -global 4 %s
// CHECK: dst,0,1,255,255,255,255,255,255,255,12,200,255,5,255,255,77
// RUN: kauai oclc -execute -enqueue putui -arg dst,image2d(RGBA,UNSIGNED_INT16,4,1) -arg v,0,1,255,256,65535,65536,4294967295,1000,70000,12,200,300,5,65534,2147483648,77 -print dst,16 -global 4 %s
// CHECK: dst,0,1,255,256,65535,65535,65535,1000,65535,12,200,300,5,65534,65535,77
// RUN: kauai oclc -execute -enqueue putui -arg dst,image2d(RGBA,UNSIGNED_INT32,4,1) -arg v,0,1,255,256,65535,65536,4294967295,1000,70000,12,200,300,5,65534,2147483648,77 -print dst,16 -global 4 %s
// CHECK: dst,0,1,255,256,65535,65536,4294967295,1000,70000,12,200,300,5,65534,2147483648,77
// Channel orders as read_imagef returns them (8.3.1.1, by hand): INTENSITY (I,I,I,I),
// A (0,0,0,a), ARGB stored a,r,g,b, LUMINANCE (L,L,L,1), RA (r,0,0,a); 51/255 = 0.2,
// 102/255 = 0.4, -32768/32767 clamps to -1.
// RUN: kauai oclc -execute -enqueue get4 -arg src,image2d(INTENSITY,UNORM_INT8,3,1),0,51,255 -print back4,12 -global 3 %s
// CHECK: back4,0,0,0,0,0.2,0.2,0.2,0.2,1,1,1,1
// RUN: kauai oclc -execute -enqueue get4 -arg src,image2d(A,UNORM_INT8,3,1),0,51,255 -print back4,12 -global 3 %s
// CHECK: back4,0,0,0,0,0,0,0,0.2,0,0,0,1
// RUN: kauai oclc -execute -enqueue get4 -arg src,image2d(ARGB,UNORM_INT8,1,1),255,51,0,102 -print back4,4 -global 1 %s
// CHECK: back4,0.2,0,0.4,1
// RUN: kauai oclc -execute -enqueue get4 -arg src,image2d(LUMINANCE,HALF_FLOAT,2,1),0.5,-2 -print back4,8 -global 2 %s
// CHECK: back4,0.5,0.5,0.5,1,-2,-2,-2,1
// RUN: kauai oclc -execute -enqueue get4 -arg src,image2d(RA,SNORM_INT16,1,1),32767,-32768 -print back4,4 -global 1 %s
// CHECK: back4,1,0,0,-1

__kernel void get4(__read_only image2d_t src, __global float4 *back4)
{
    int i = get_global_id(0);
    back4[i] = read_imagef(src, (int2)(i, 0));
}

__kernel void put(__write_only image2d_t dst, __global const float4 *v)
{
    int i = get_global_id(0);
    write_imagef(dst, (int2)(i, 0), v[i]);
}

__kernel void get(__read_only image2d_t src, __global float *back)
{
    int i = get_global_id(0);
    back[i] = read_imagef(src, (int2)(i, 0)).x;
}

__kernel void puti(__write_only image2d_t dst, __global const int4 *v)
{
    int i = get_global_id(0);
    write_imagei(dst, (int2)(i, 0), v[i]);
}

__kernel void putui(__write_only image2d_t dst, __global const uint4 *v)
{
    int i = get_global_id(0);
    write_imageui(dst, (int2)(i, 0), v[i]);
}
