// A write outside the image is a fault naming the work-item, the coordinates and the
// image argument (OpenCL leaves it undefined; the host device refuses it).
// RUN: kauai oclc -execute -enqueue w -arg dst,image2d(R,FLOAT,4,2) -global 5 %s
// CHECK-FAIL: fault in kernel w, work-item (4, 0, 0): write_image at (4, 1) is outside the 4x2 image of image argument 0 `dst`

__kernel void w(__write_only image2d_t dst)
{
    int i = get_global_id(0);
    write_imagef(dst, (int2)(i, 1), (float4)(1.0f));
}
