// A device without image support (none of ours today: an option turns it off) refuses image
// and sampler types where they are written.
__kernel void k(__read_only image2d_t img, sampler_t s, __global float4 *o)
{
    o[0] = read_imagef(img, s, (int2)(0, 0));
}

/* EXPECTED
error: not supported yet: images on this device (`image2d_t`)
  ┌─ images_no_support.cl:3:29
  │
3 │ __kernel void k(__read_only image2d_t img, sampler_t s, __global float4 *o)
  │                             ^^^^^^^^^ the device reports no image support

error: not supported yet: images on this device (`sampler_t`)
  ┌─ images_no_support.cl:3:44
  │
3 │ __kernel void k(__read_only image2d_t img, sampler_t s, __global float4 *o)
  │                                            ^^^^^^^^^ the device reports no image support

error: use of undeclared identifier `img`
  ┌─ images_no_support.cl:5:24
  │
5 │     o[0] = read_imagef(img, s, (int2)(0, 0));
  │                        ^^^ not declared in this scope

*/
