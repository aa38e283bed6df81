// 7XX images (seed 000, docs/spec/amd-runtime-abi.md#images): read-only images on texture
// resources 0, 1 in argument order, each taking two cb1 slots (32 bytes: `;image:` offsets
// 0 and 32, the pointer after them at 64); a sampler argument (`;value:s:sampler`, id 0,
// `;sampler:s:0:0:0`) and a constant sampler (id 1, `;sampler:edge:1:1:20`: CLK_FILTER_NEAREST
// 0x10 | CLK_ADDRESS_CLAMP_TO_EDGE, which is 4 in the AMD runtime's bits that `;sampler:`
// lines use, 2 in OpenCL C's); a read without a sampler is `load_resource` alone. The
// queries read the 7XX constants: width cb1[0].x, height .y, data type cb1[1].x, order cb1[1].y.
// MCPU: rv770
const sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void rd(__read_only image2d_t a, __read_only image2d_t b, sampler_t s,
                 __global float4 *out)
{
    int i = get_global_id(0);
    out[0] = read_imagef(a, s, (float2)(i, 0.5f));
    out[1] = read_imagef(b, edge, (int2)(i, 0));
    out[2] = convert_float4(read_imagei(b, (int2)(0, i)));
    out[3] = (float4)(get_image_width(a), get_image_height(b),
                      get_image_channel_data_type(a), get_image_channel_order(b));
}

/* EXPECT:
il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 0x00000000, 0x00000000, 0x00000000, 0x00000000
dcl_literal l1, 0x3F000000, 0x3F000000, 0x3F000000, 0x3F000000
dcl_literal l2, 0x00000010, 0x00000010, 0x00000010, 0x00000010
dcl_literal l3, 0x00000020, 0x00000020, 0x00000020, 0x00000020
dcl_literal l4, 0x00000030, 0x00000030, 0x00000030, 0x00000030
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_rd_kernel
dcl_cb cb1[6]
dcl_raw_uav_id(1)
dcl_resource_id(0)_type(2d)_fmtx(unknown)_fmty(unknown)_fmtz(unknown)_fmtw(unknown)
dcl_resource_id(1)_type(2d)_fmtx(unknown)_fmty(unknown)_fmtz(unknown)_fmtw(unknown)
dcl_max_thread_per_group 256
; Kernel arg setup: a
; Kernel arg setup: b
; Kernel arg setup: s
mov r6.x___, cb1[4]
; Kernel arg setup: out
mov r7.x___, cb1[5].x
call 1025 ; rd
ret
endfunc ; __OpenCL_rd_kernel
;ARGSTART:__OpenCL_rd_kernel
;version:2:0:74
;device:rv770
;uniqueid:1024
;image:a:2D:RO:0:1:0
;image:b:2D:RO:1:1:32
;value:s:sampler:1:1:64
;pointer:out:float:1:1:80:uav:1:16
;reflection:0:image2d_t
;reflection:1:image2d_t
;reflection:2:sampler_t
;reflection:3:float4*
;memory:datareqd
;function:1:1025
;sampler:s:0:0:0
;sampler:edge:1:1:20
;uavid:1
;ARGEND:__OpenCL_rd_kernel
func 1025 ; rd
;@ <source>:14:13
umod r10.x___, vThreadGrpIdFlat.x, cb0[2].x
udiv r10.__z_, vThreadGrpIdFlat.x, cb0[2].x
umod r10._y__, r10.z, cb0[2].y
udiv r10.__z_, r10.z, cb0[2].y
imad r9.xyz_, r10, cb0[1], vTidInGrp
iadd r9.xyz_, r9, cb0[6]
mov r8.x___, r9.x
;@ <source>:15:32
itof r11.x___, r8
mov r12.xy__, l0
mov r12.x___, r11.x
mov r13.xy__, r12
mov r13._y__, l1.x
;@ <source>:15:14
mov r14.xy__, r13.xyxx
mov r14.__zw, l0.xxxx
sample_resource(0)_sampler(0) r15.xyzw, r14.xyzw
;@ <source>:15:5
uav_raw_store_id(1) mem0.xyzw, r7.x, r15
;@ <source>:16:5
iadd r16.x___, r7.x, l2.x
;@ <source>:16:29
iadd r17.x___, cb0[8].x, l0.x
uav_raw_load_id(1) r18.x___, r17.x
;@ <source>:16:35
mov r19.xy__, l0
mov r19.x___, r8.x
mov r20.xy__, r19
mov r20._y__, l0.x
;@ <source>:16:14
mov r21.xy__, r20.xyxx
mov r21.__zw, l0.xxxx
load_resource(1)_sampler(1) r22.xyzw, r21.xyzw
;@ <source>:16:5
uav_raw_store_id(1) mem0.xyzw, r16.x, r22
;@ <source>:17:5
iadd r23.x___, r7.x, l3.x
;@ <source>:17:44
mov r24.xy__, l0
mov r24.x___, l0.x
mov r25.xy__, r24
mov r25._y__, r8.x
;@ <source>:17:29
mov r26.xy__, r25.xyxx
mov r26.__zw, l0.xxxx
load_resource(1) r27.xyzw, r26.xyzw
;@ <source>:17:14
itof r28.xyzw, r27
;@ <source>:17:5
uav_raw_store_id(1) mem0.xyzw, r23.x, r28
;@ <source>:18:5
iadd r29.x___, r7.x, l4.x
;@ <source>:18:23
mov r30.x___, cb1[0].x
;@ <source>:18:43
mov r31.x___, cb1[2].y
;@ <source>:19:23
mov r32.x___, cb1[1].x
;@ <source>:19:55
mov r33.x___, cb1[3].y
;@ <source>:18:14
itof r34.x___, r30
mov r35.xyzw, l0
mov r35.x___, r34.x
itof r36.x___, r31
mov r37.xyzw, r35
mov r37._y__, r36.x
itof r38.x___, r32
mov r39.xyzw, r37
mov r39.__z_, r38.x
itof r40.x___, r33
mov r41.xyzw, r39
mov r41.___w, r40.x
;@ <source>:18:5
uav_raw_store_id(1) mem0.xyzw, r29.x, r41
ret
endfunc ; rd
;ARGSTART:rd
;uniqueid:1025
;ARGEND:rd
;#DATASTART:16
;#i32:0:1:12
;#DATAEND:0
end
*/
