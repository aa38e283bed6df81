// A read the specification leaves undefined is a fault naming the work-item, the
// sampler and the image argument, on both executors (the JIT calls the interpreter's
// sampler; the kauai devices add the IL line): here integer coordinates with a
// linear filter, in work-item 2 only.
// RUN: kauai oclc -execute -enqueue k -arg src,image2d(R,FLOAT,4,1),1,2,3,4 -print out,16 -global 4 %s
// CHECK-FAIL: fault in kernel k, work-item (2, 0, 0): read_image with integer coordinates needs a sampler with CLK_NORMALIZED_COORDS_FALSE, CLK_FILTER_NEAREST and CLK_ADDRESS_CLAMP_TO_EDGE, CLAMP or NONE (OpenCL 1.2 6.12.14.2); the sampler is 0x24

__kernel void k(__read_only image2d_t src, __global float4 *out)
{
    int i = get_global_id(0);
    const sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
    const sampler_t linear = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
    if (i == 2)
        out[i] = read_imagef(src, linear, (int2)(i, 0));
    else
        out[i] = read_imagef(src, nearest, (int2)(i, 0));
}
