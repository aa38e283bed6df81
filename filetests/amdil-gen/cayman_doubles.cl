// Cayman: doubles and 64-bit integers on .xy pairs, two per register in vectors.
// MCPU: cayman
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void wide(__global double2 *d, __global long *l)
{
    int i = get_global_id(0);
    double2 x = d[i];
    d[i] = x * x + (double2)(0.5, -1.0);
    l[i] = l[i] * 3 + (long)x.y;
}

/* EXPECT:
il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 0x00000000, 0x00000000, 0x00000000, 0x00000000
dcl_literal l1, 0x00000010, 0x00000010, 0x00000010, 0x00000010
dcl_literal l2, 0xF8000000, 0xF8000000, 0xF8000000, 0xF8000000
dcl_literal l3, 0x07FFFFFF, 0x07FFFFFF, 0x07FFFFFF, 0x07FFFFFF
dcl_literal l4, 0x80000000, 0x80000000, 0x80000000, 0x80000000
dcl_literal l5, 0x00000000, 0x80000000, 0x00000000, 0x80000000
dcl_literal l6, 0x00000000, 0x3FE00000, 0x00000000, 0x3FE00000
dcl_literal l7, 0x00000000, 0xBFF00000, 0x00000000, 0xBFF00000
dcl_literal l8, 0x00000008, 0x00000008, 0x00000008, 0x00000008
dcl_literal l9, 0xF0000000, 0xF0000000, 0xF0000000, 0xF0000000
dcl_literal l10, 0x0FFFFFFF, 0x0FFFFFFF, 0x0FFFFFFF, 0x0FFFFFFF
dcl_literal l11, 0x00000003, 0x00000000, 0x00000003, 0x00000000
dcl_literal l12, 0x0000000B, 0x0000000B, 0x0000000B, 0x0000000B
dcl_literal l13, 0x00000014, 0x00000014, 0x00000014, 0x00000014
dcl_literal l14, 0xFFFFFC01, 0xFFFFFC01, 0xFFFFFC01, 0xFFFFFC01
dcl_literal l15, 0x000FFFFF, 0x000FFFFF, 0x000FFFFF, 0x000FFFFF
dcl_literal l16, 0x00100000, 0x00100000, 0x00100000, 0x00100000
dcl_literal l17, 0xFFFFFFCC, 0xFFFFFFCC, 0xFFFFFFCC, 0xFFFFFFCC
dcl_literal l18, 0x0000003F, 0x0000003F, 0x0000003F, 0x0000003F
dcl_literal l19, 0xFFFFFFFF, 0x7FFFFFFF, 0xFFFFFFFF, 0x7FFFFFFF
dcl_literal l20, 0x7FFFFFFF, 0x7FFFFFFF, 0x7FFFFFFF, 0x7FFFFFFF
dcl_literal l21, 0x7FF00000, 0x7FF00000, 0x7FF00000, 0x7FF00000
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_wide_kernel
dcl_cb cb1[2]
dcl_raw_uav_id(1)
dcl_max_thread_per_group 256
; Kernel arg setup: d
mov r4.x___, cb1[0].x
; Kernel arg setup: l
mov r5.x___, cb1[1].x
call 1025 ; wide
ret
endfunc ; __OpenCL_wide_kernel
;ARGSTART:__OpenCL_wide_kernel
;version:2:0:74
;device:cayman
;uniqueid:1024
;pointer:d:double:1:1:0:uav:1:16
;pointer:l:i64:1:1:16:uav:1:8
;reflection:0:double2*
;reflection:1:long*
;function:1:1025
;uavid:1
;ARGEND:__OpenCL_wide_kernel
func 1025 ; wide
;@ <source>:6:13
iadd r7.xyz_, vAbsTid, cb0[6]
mov r6.x___, r7.x
;@ <source>:7:17
imul r8.x___, r6, l1
ilt r10.x___, r6.x, l2.x
ilt r10._y__, l3.x, r6.x
ior r10.x___, r10.x, r10.y
cmov_logical r10.x___, r10.x, l4.x, r8.x
iadd r9.x___, r4.x, r10.x
uav_raw_load_id(1) r11.xyzw, r9.x
;@ <source>:8:5
imul r12.x___, r6, l1
ilt r14.x___, r6.x, l2.x
ilt r14._y__, l3.x, r6.x
ior r14.x___, r14.x, r14.y
cmov_logical r14.x___, r14.x, l4.x, r12.x
iadd r13.x___, r4.x, r14.x
;@ <source>:8:12
dmul r15.xy__, r11.xyxy, r11.xyxy
dmul r15.__zw, r11.zwzw, r11.zwzw
;@ <source>:8:20
mov r16.xyzw, l0
mov r16.xy__, l6.xyxy
mov r17.xyzw, r16
mov r17.__zw, l7.xyxy
;@ <source>:8:12
dadd r18.xy__, r15.xyxy, r17.xyxy
dadd r18.__zw, r15.zwzw, r17.zwzw
;@ <source>:8:5
uav_raw_store_id(1) mem0.xyzw, r13.x, r18
;@ <source>:9:5
imul r19.x___, r6, l8
ilt r21.x___, r6.x, l9.x
ilt r21._y__, l10.x, r6.x
ior r21.x___, r21.x, r21.y
cmov_logical r21.x___, r21.x, l4.x, r19.x
iadd r20.x___, r5.x, r21.x
;@ <source>:9:12
imul r22.x___, r6, l8
ilt r24.x___, r6.x, l9.x
ilt r24._y__, l10.x, r6.x
ior r24.x___, r24.x, r24.y
cmov_logical r24.x___, r24.x, l4.x, r22.x
iadd r23.x___, r5.x, r24.x
uav_raw_load_id(1) r25.xy__, r23.x
i64mul r26.xy__, r25.xyxy, l11.xyxy
;@ <source>:9:29
mov r27.xy__, r11.zw
;@ <source>:9:23
mov r29.x___, r27.y
ubit_extract r30.x___, l12.x, l13.x, r27.y
iadd r30.x___, r30.x, l14.x
iand r31._y__, r27.y, l15.x
ior r31._y__, r31.y, l16.x
mov r31.x___, r27.x
iadd r32.x___, r30.x, l17.x
imax r33.x___, r32.x, l0.x
inegate r34.x___, r32.x
imax r34.x___, r34.x, l0.x
i64shl r35.xy__, r31.xyxy, r33.x
u64shr r35.xy__, r35.xyxy, r34.x
ilt r36.x___, r29.x, l0.x
i64negate r37.xy__, r35.xyxy
cmov_logical r35.xy__, r36.x, r37.xyxy, r35.xyxy
ilt r38.x___, r30.x, l0.x
cmov_logical r35.xy__, r38.x, l0, r35.xyxy
ige r39.x___, r30.x, l18.x
cmov_logical r40.xy__, r36.x, l5, l19
cmov_logical r35.xy__, r39.x, r40.xyxy, r35.xyxy
iand r42.x___, r27.y, l20.x
ult r41.x___, l21.x, r42.x
ieq r43.x___, r42.x, l21.x
ine r42.x___, r27.x, l0.x
iand r43.x___, r43.x, r42.x
ior r41.x___, r41.x, r43.x
cmov_logical r28.xy__, r41.x, l0, r35.xyxy
;@ <source>:9:12
i64add r44.xy__, r26.xyxy, r28.xyxy
;@ <source>:9:5
uav_raw_store_id(1) mem0.xy__, r20.x, r44
ret
endfunc ; wide
;ARGSTART:wide
;uniqueid:1025
;ARGEND:wide
end
*/
