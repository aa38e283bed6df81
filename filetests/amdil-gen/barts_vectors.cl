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
dcl_literal l2, 0x40000000, 0x40000000, 0x40000000, 0x40000000
dcl_literal l3, 0x00000004, 0x00000004, 0x00000004, 0x00000004
dcl_literal l4, 0x000000FF, 0x000000FF, 0x000000FF, 0x000000FF
dcl_literal l5, 0x00000008, 0x00000008, 0x00000008, 0x00000008
dcl_literal l6, 0x00000018, 0x00000018, 0x00000018, 0x00000018
dcl_literal l7, 0x00000000, 0x00000008, 0x00000010, 0x00000018
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
ushr r6.xyzw, cb1[2].xxxx, l7
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
iadd r8.xyz_, vAbsTid, cb0[6]
mov r7.x___, r8.x
imul r9.x___, r7, l1
iadd r10.x___, r4.x, r9.x
uav_raw_load_id(1) r11.xyzw, r10.x
imul r12.x___, r7, l1
iadd r13.x___, r4.x, r12.x
mov r14.xyzw, r11.wzyx
mul r15.xyzw, r14, l2
mov r16.x___, r11.x
mov r17.xyzw, r16.x
add r18.xyzw, r15, r17
uav_raw_store_id(1) mem0.xyzw, r13.x, r18
imul r19.x___, r7, l3
iadd r20.x___, r5.x, r19.x
ftou r22.xyzw, r11
umin r21.xyzw, r22, l4
mov r23.xyzw, r6
iadd r24.xyzw, r21, r23
iand r25.x___, r24.x, l4.x
ubit_insert r25.x___, l5.x, l5.x, r24.y, r25.x
ubit_insert r25.x___, l5.x, l1.x, r24.z, r25.x
ubit_insert r25.x___, l5.x, l6.x, r24.w, r25.x
mov r26.x___, r25.x
uav_raw_store_id(1) mem0.x___, r20.x, r26
ret
endfunc ; vec
;ARGSTART:vec
;uniqueid:1025
;ARGEND:vec
end
*/
