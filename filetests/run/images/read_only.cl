// Read-only images with a sampler argument and the queries, which every kauai device runs
// (7XX included: no write-only image). Expected by hand: img is RG FLOAT 3x2 holding
// (1,2) (3,4) (5,6) / (7,8) (9,10) (11,12); with CLK_ADDRESS_REPEAT and nearest
// filtering, normalized (1.5, 0.75) gives u = 0.5 * 3 = 1.5, v = 0.75 * 2 = 1.5: pixel
// (1, 1) = (9, 10, 0, 1); (-0.1, 0.25) gives u = 0.9 * 3 = 2.7, v = 0.5: pixel (2, 0).
// arr is a 1-D array of 3 layers of 2 R SIGNED_INT16 pixels: (1, 2) is 6, (0, 1) is -3.
// CL_RG = 0x10B2 = 4274, CL_R = 4272, CL_FLOAT = 0x10DE = 4318, CL_SIGNED_INT16 = 4312.
// RUN: kauai oclc -execute -enqueue rq -arg img,image2d(RG,FLOAT,3,2),1,2,3,4,5,6,7,8,9,10,11,12 -arg arr,image1d_array(R,SIGNED_INT16,2,3),-1,2,-3,4,-5,6 -arg s,CL_TRUE,CL_ADDRESS_REPEAT,CL_FILTER_NEAREST -print out,16 -global 1 %s
// CHECK: out,3,2,4274,4318,2,3,4272,4312,9,10,1,5,6,1,6,-3

__kernel void rq(__read_only image2d_t img, __read_only image1d_array_t arr, sampler_t s,
                 __global int *out)
{
    out[0] = get_image_width(img);
    out[1] = get_image_height(img);
    out[2] = get_image_channel_order(img);
    out[3] = get_image_channel_data_type(img);
    out[4] = get_image_width(arr);
    out[5] = (int)get_image_array_size(arr);
    out[6] = get_image_channel_order(arr);
    out[7] = get_image_channel_data_type(arr);
    float4 a = read_imagef(img, s, (float2)(1.5f, 0.75f));
    float4 b = read_imagef(img, s, (float2)(-0.1f, 0.25f));
    out[8] = (int)a.x;
    out[9] = (int)a.y;
    out[10] = (int)a.w;
    out[11] = (int)b.x;
    out[12] = (int)b.y;
    out[13] = (int)b.w;
    out[14] = read_imagei(arr, (int2)(1, 2)).x;
    out[15] = read_imagei(arr, (int2)(0, 1)).x;
}
