// Evergreen images (seed 000, docs/spec/amd-runtime-abi.md#images): the read-only image on
// texture resource 0, the write-only ones on typed UAVs 2 and 3 (UAV 1 stays the raw UAV
// of global memory, `;uavid:1`); `;image:` ids are the resource or UAV. Queries read the
// 8XX constants: width cb1[slot].x, depth .z, data type cb1[slot].w, order cb1[slot+1].w.
// An image write counts as a memory write (no compiler write).
// MCPU: cypress
__kernel void cp(__read_only image3d_t src, __write_only image2d_t dst,
                 __write_only image2d_array_t arr, sampler_t s)
{
    int x = get_global_id(0);
    float4 v = read_imagef(src, s, (float4)(x, 0, 0, 0));
    write_imagef(dst, (int2)(x, 0), v);
    write_imagei(arr, (int4)(x, 0, get_image_array_size(arr) - 1, 0),
                 (int4)(get_image_depth(src), get_image_channel_data_type(src),
                        get_image_channel_order(src), get_image_width(dst)));
}

/* EXPECT:
il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 0x00000000, 0x00000000, 0x00000000, 0x00000000
dcl_literal l1, 0x00000001, 0x00000001, 0x00000001, 0x00000001
dcl_literal l2, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_cp_kernel
dcl_cb cb1[7]
dcl_raw_uav_id(1)
dcl_resource_id(0)_type(3d)_fmtx(unknown)_fmty(unknown)_fmtz(unknown)_fmtw(unknown)
dcl_uav_id(2)_type(2d)_fmtx(uint)
dcl_uav_id(3)_type(2darray)_fmtx(uint)
dcl_max_thread_per_group 256
; Kernel arg setup: src
; Kernel arg setup: dst
; Kernel arg setup: arr
; Kernel arg setup: s
mov r7.x___, cb1[6]
call 1025 ; cp
ret
endfunc ; __OpenCL_cp_kernel
;ARGSTART:__OpenCL_cp_kernel
;version:2:0:74
;device:cypress
;uniqueid:1024
;image:src:3D:RO:0:1:0
;image:dst:2D:WO:2:1:32
;image:arr:2DA:WO:3:1:64
;value:s:sampler:1:1:96
;reflection:0:image3d_t
;reflection:1:image2d_t
;reflection:2:image2d_array_t
;reflection:3:sampler_t
;function:1:1025
;sampler:s:0:0:0
;uavid:1
;ARGEND:__OpenCL_cp_kernel
func 1025 ; cp
;@ <source>:10:13
iadd r9.xyz_, vAbsTid, cb0[6]
mov r8.x___, r9.x
;@ <source>:11:36
itof r10.x___, r8
mov r11.xyzw, l0
mov r11.x___, r10.x
mov r12.xyzw, r11
mov r12._y__, l0.x
mov r13.xyzw, r12
mov r13.__z_, l0.x
mov r14.xyzw, r13
mov r14.___w, l0.x
;@ <source>:11:16
sample_resource(0)_sampler(0) r15.xyzw, r14.xyzw
;@ <source>:12:23
mov r16.xy__, l0
mov r16.x___, r8.x
mov r17.xy__, r16
mov r17._y__, l0.x
;@ <source>:12:5
mov r18.xy__, r17.xyxx
mov r18.__zw, l0.xxxx
uav_store_id(2) r18.xyzw, r15.xyzw
;@ <source>:13:36
mov r19.x___, cb1[4].z
iadd r20.x___, r19, l2
;@ <source>:13:23
mov r21.xyzw, l0
mov r21.x___, r8.x
mov r22.xyzw, r21
mov r22._y__, l0.x
mov r23.xyzw, r22
mov r23.__z_, r20.x
mov r24.xyzw, r23
mov r24.___w, l0.x
;@ <source>:14:25
mov r25.x___, cb1[0].z
;@ <source>:14:47
mov r26.x___, cb1[0].w
;@ <source>:15:25
mov r27.x___, cb1[1].w
;@ <source>:15:55
mov r28.x___, cb1[2].x
;@ <source>:14:18
mov r29.xyzw, l0
mov r29.x___, r25.x
mov r30.xyzw, r29
mov r30._y__, r26.x
mov r31.xyzw, r30
mov r31.__z_, r27.x
mov r32.xyzw, r31
mov r32.___w, r28.x
;@ <source>:13:5
uav_store_id(3) r24.xyzw, r32.xyzw
ret
endfunc ; cp
;ARGSTART:cp
;uniqueid:1025
;ARGEND:cp
end
*/
