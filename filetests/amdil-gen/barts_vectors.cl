// Vectors: float4 lanes in one register, swizzles as moves with swizzles, char4 packed
// in one dword (unpacked from cb1 for the argument), conversions lane by lane.
// MCPU: barts
__kernel void vec(__global float4 *f, __global uchar4 *c, char4 k)
{
    int i = get_global_id(0);
    float4 v = f[i];
    f[i] = v.wzyx * 2.0f + (float4)(v.x);
    c[i] = convert_uchar4_sat(v) + as_uchar4(k);
}

/* EXPECT:
il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 0x00000000, 0x00000000, 0x00000000, 0x00000000
dcl_literal l1, 0x00000010, 0x00000010, 0x00000010, 0x00000010
dcl_literal l2, 0xF8000000, 0xF8000000, 0xF8000000, 0xF8000000
dcl_literal l3, 0x07FFFFFF, 0x07FFFFFF, 0x07FFFFFF, 0x07FFFFFF
dcl_literal l4, 0x80000000, 0x80000000, 0x80000000, 0x80000000
dcl_literal l5, 0x40000000, 0x40000000, 0x40000000, 0x40000000
dcl_literal l6, 0x00000004, 0x00000004, 0x00000004, 0x00000004
dcl_literal l7, 0xE0000000, 0xE0000000, 0xE0000000, 0xE0000000
dcl_literal l8, 0x1FFFFFFF, 0x1FFFFFFF, 0x1FFFFFFF, 0x1FFFFFFF
dcl_literal l9, 0x000000FF, 0x000000FF, 0x000000FF, 0x000000FF
dcl_literal l10, 0x00000008, 0x00000008, 0x00000008, 0x00000008
dcl_literal l11, 0x00000018, 0x00000018, 0x00000018, 0x00000018
dcl_literal l12, 0x00000000, 0x00000008, 0x00000010, 0x00000018
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_vec_kernel
dcl_cb cb1[3]
dcl_raw_uav_id(1)
dcl_max_thread_per_group 256
; Kernel arg setup: f
mov r4.x___, cb1[0].x
; Kernel arg setup: c
mov r5.x___, cb1[1].x
; Kernel arg setup: k
ushr r6.xyzw, cb1[2].xxxx, l12
call 1025 ; vec
ret
endfunc ; __OpenCL_vec_kernel
;ARGSTART:__OpenCL_vec_kernel
;version:2:0:74
;device:barts
;uniqueid:1024
;pointer:f:float:1:1:0:uav:1:16
;pointer:c:u8:1:1:16:uav:1:4
;value:k:i8:4:1:32
;reflection:0:float4*
;reflection:1:uchar4*
;reflection:2:char4
;function:1:1025
;uavid:1
;ARGEND:__OpenCL_vec_kernel
func 1025 ; vec
;@ <source>:6:13
iadd r8.xyz_, vAbsTid, cb0[6]
mov r7.x___, r8.x
;@ <source>:7:16
imul r9.x___, r7, l1
ilt r11.x___, r7.x, l2.x
ilt r11._y__, l3.x, r7.x
ior r11.x___, r11.x, r11.y
cmov_logical r11.x___, r11.x, l4.x, r9.x
iadd r10.x___, r4.x, r11.x
uav_raw_load_id(1) r12.xyzw, r10.x
;@ <source>:8:5
imul r13.x___, r7, l1
ilt r15.x___, r7.x, l2.x
ilt r15._y__, l3.x, r7.x
ior r15.x___, r15.x, r15.y
cmov_logical r15.x___, r15.x, l4.x, r13.x
iadd r14.x___, r4.x, r15.x
;@ <source>:8:12
mov r16.xyzw, r12.wzyx
mul r17.xyzw, r16, l5
;@ <source>:8:37
mov r18.x___, r12.x
;@ <source>:8:28
mov r19.xyzw, r18.x
;@ <source>:8:12
add r20.xyzw, r17, r19
;@ <source>:8:5
uav_raw_store_id(1) mem0.xyzw, r14.x, r20
;@ <source>:9:5
imul r21.x___, r7, l6
ilt r23.x___, r7.x, l7.x
ilt r23._y__, l8.x, r7.x
ior r23.x___, r23.x, r23.y
cmov_logical r23.x___, r23.x, l4.x, r21.x
iadd r22.x___, r5.x, r23.x
;@ <source>:9:12
ftou r25.xyzw, r12
umin r24.xyzw, r25, l9
;@ <source>:9:36
mov r26.xyzw, r6
;@ <source>:9:12
iadd r27.xyzw, r24, r26
;@ <source>:9:5
iand r28.x___, r27.x, l9.x
ubit_insert r28.x___, l10.x, l10.x, r27.y, r28.x
ubit_insert r28.x___, l10.x, l1.x, r27.z, r28.x
ubit_insert r28.x___, l10.x, l11.x, r27.w, r28.x
mov r29.x___, r28.x
uav_raw_store_id(1) mem0.x___, r22.x, r29
ret
endfunc ; vec
;ARGSTART:vec
;uniqueid:1025
;ARGEND:vec
end
*/
