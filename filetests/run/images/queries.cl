// get_image_* on every image type, array layers and buffer images. Expected by hand:
// sizes as given; CL_R = 0x10B0 = 4272, CL_RGBA = 4277, CL_BGRA = 4278,
// CL_UNORM_INT8 = 0x10D2 = 4306, CL_SIGNED_INT16 = 4312, CL_UNSIGNED_INT8 = 4314,
// CL_FLOAT = 4318 (cl.h); get_image_dim of a 3-D image is (w, h, d, 0). The 2-D array
// holds range(0,95): pixel (0, 0) of layer L has red 24L; the layer of a read is
// clamp(rint(v), 0, 3): 0.5 -> 0 (ties to even), 1.5 -> 2, 2.5 -> 2, -3 -> 0, 9 -> 3,
// giving 0, 48, 48, 0, 72. The buffer image holds -3..3, element 4 is 1.
// RUN: kauai oclc -execute -enqueue q -arg v,image3d(R,UNSIGNED_INT8,3,4,5) -arg a2,image2d_array(RGBA,FLOAT,2,3,4),range(0,95) -arg a1,image1d_array(BGRA,UNORM_INT8,5,6) -arg b,image1d_buffer(R,SIGNED_INT16,7),range(-3,3) -print out,30 -global 1 %s
// CHECK: out,3,4,5,3,4,5,0,1,1,4272,4314,2,3,4,2,3,4277,4318,5,6,4278,4306,7,4312,0,48,48,0,72,1

const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void q(__read_only image3d_t v, __read_only image2d_array_t a2,
                __write_only image1d_array_t a1, __read_only image1d_buffer_t b,
                __global int *out)
{
    int4 d3 = get_image_dim(v);
    int2 d2 = get_image_dim(a2);
    int k = 0;
    out[k++] = get_image_width(v);
    out[k++] = get_image_height(v);
    out[k++] = get_image_depth(v);
    out[k++] = d3.x;
    out[k++] = d3.y;
    out[k++] = d3.z;
    out[k++] = d3.w;
    out[k++] = get_image_channel_order(v) == CLK_R;
    out[k++] = get_image_channel_data_type(v) == CLK_UNSIGNED_INT8;
    out[k++] = get_image_channel_order(v);
    out[k++] = get_image_channel_data_type(v);
    out[k++] = get_image_width(a2);
    out[k++] = get_image_height(a2);
    out[k++] = (int)get_image_array_size(a2);
    out[k++] = d2.x;
    out[k++] = d2.y;
    out[k++] = get_image_channel_order(a2);
    out[k++] = get_image_channel_data_type(a2);
    out[k++] = get_image_width(a1);
    out[k++] = (int)get_image_array_size(a1);
    out[k++] = get_image_channel_order(a1);
    out[k++] = get_image_channel_data_type(a1);
    out[k++] = get_image_width(b);
    out[k++] = get_image_channel_data_type(b);
    float layers[5] = { 0.5f, 1.5f, 2.5f, -3.0f, 9.0f };
    for (int i = 0; i < 5; i++)
        out[k++] = (int)read_imagef(a2, s, (float4)(0.5f, 0.5f, layers[i], 0.0f)).x;
    out[k++] = read_imagei(b, 4).x;
}
