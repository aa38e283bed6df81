// OPTIONS: images
// What clang refuses about images and samplers: the access qualifier must allow the
// call, images live only in parameters, samplers are valid constant CLK_* bits.
const sampler_t bad = CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;
const sampler_t nofilter = CLK_ADDRESS_CLAMP;
sampler_t noinit;
__constant int notimg_q = 1;

__kernel void k(__read_only image2d_t r, __write_only image2d_t w, sampler_t s,
                __read_only int x, read_write image2d_t rw, image3d_t *p)
{
    image2d_t local_img;
    write_imagef(r, (int2)(0, 0), (float4)(0.0f));
    float4 v = read_imagef(w, s, (int2)(0, 0));
    v = read_imagef(r, (float2)(0.0f, 0.0f));
    v = read_imagef(r, s, (int4)(0));
    v = read_imagef(r, x, (int2)(0));
    v = read_imagef(r, 0x40, (int2)(0));
    write_imagei(w, (int2)(0), v);
    int d = get_image_depth(r);
}

struct S { sampler_t s; };

/* EXPECTED
error: invalid sampler: sampler 0x16: CLK_ADDRESS_REPEAT and CLK_ADDRESS_MIRRORED_REPEAT need CLK_NORMALIZED_COORDS_TRUE
  ┌─ images_bad.cl:4:23
  │
4 │ const sampler_t bad = CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;
  │                       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ this sampler value

error: invalid sampler: sampler 0x4 needs exactly one of CLK_FILTER_NEAREST and CLK_FILTER_LINEAR
  ┌─ images_bad.cl:5:28
  │
5 │ const sampler_t nofilter = CLK_ADDRESS_CLAMP;
  │                            ^^^^^^^^^^^^^^^^^ this sampler value

error: a sampler variable needs an initializer
  ┌─ images_bad.cl:6:11
  │
6 │ sampler_t noinit;
  │           ^^^^^^ e.g. `= CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST`

error: access qualifiers can only be used for image types
   ┌─ images_bad.cl:10:17
   │
10 │                 __read_only int x, read_write image2d_t rw, image3d_t *p)
   │                 ^^^^^^^^^^^ `int` is not an image type

error: access qualifier read_write cannot be used for `image2d_t` before OpenCL C 2.0
   ┌─ images_bad.cl:10:36
   │
10 │                 __read_only int x, read_write image2d_t rw, image3d_t *p)
   │                                    ^^^^^^^^^^ use read_only or write_only

error: pointer to type `__read_only image3d_t` is invalid in OpenCL C
   ┌─ images_bad.cl:10:71
   │
10 │                 __read_only int x, read_write image2d_t rw, image3d_t *p)
   │                                                                       ^ images and samplers are passed by value

error: variables cannot have type `__read_only image2d_t`
   ┌─ images_bad.cl:12:15
   │
12 │     image2d_t local_img;
   │               ^^^^^^^^^ images can only be function parameters

error: `write_imagef` needs a write_only image; this `image2d_t` is read_only
   ┌─ images_bad.cl:13:18
   │
13 │     write_imagef(r, (int2)(0, 0), (float4)(0.0f));
   │                  ^ a read_only image
   │
   = declare the parameter `write_only image2d_t`

error: `read_imagef` needs a read_only image; this `image2d_t` is write_only
   ┌─ images_bad.cl:14:28
   │
14 │     float4 v = read_imagef(w, s, (int2)(0, 0));
   │                            ^ a write_only image
   │
   = declare the parameter `read_only image2d_t`

error: `read_imagef` without a sampler takes integer coordinates
   ┌─ images_bad.cl:15:24
   │
15 │     v = read_imagef(r, (float2)(0.0f, 0.0f));
   │                        ^^^^^^^^^^^^^^^^^^^^ float coordinates need a sampler

error: the coordinates of `read_imagef` on `image2d_t` must be `int2` or `float2`, not `int4`
   ┌─ images_bad.cl:16:27
   │
16 │     v = read_imagef(r, s, (int4)(0));
   │                           ^^^^^^^^^ wrong coordinate type

error: the sampler of `read_imagef` must be a `sampler_t` or an integer constant of CLK_* bits, not `int`
   ┌─ images_bad.cl:17:24
   │
17 │     v = read_imagef(r, x, (int2)(0));
   │                        ^ not a sampler

error: invalid sampler: sampler 0x40 has bits no CLK_* constant sets
   ┌─ images_bad.cl:18:24
   │
18 │     v = read_imagef(r, 0x40, (int2)(0));
   │                        ^^^^ this sampler value

error: the colour of `write_imagei` must be `int4`, not `float4`
   ┌─ images_bad.cl:19:32
   │
19 │     write_imagei(w, (int2)(0), v);
   │                                ^ write_imagei writes int4

error: `get_image_depth` does not apply to `image2d_t`
   ┌─ images_bad.cl:20:29
   │
20 │     int d = get_image_depth(r);
   │                             ^ wrong image type

error: a struct or union cannot have a field of type `sampler_t`
   ┌─ images_bad.cl:23:22
   │
23 │ struct S { sampler_t s; };
   │                      ^

*/
