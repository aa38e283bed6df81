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
dcl_literal l2, 0x00000000, 0x80000000, 0x00000000, 0x80000000
dcl_literal l3, 0x00000000, 0x3FE00000, 0x00000000, 0x3FE00000
dcl_literal l4, 0x00000000, 0xBFF00000, 0x00000000, 0xBFF00000
dcl_literal l5, 0x00000008, 0x00000008, 0x00000008, 0x00000008
dcl_literal l6, 0x00000003, 0x00000000, 0x00000003, 0x00000000
dcl_literal l7, 0x0000000B, 0x0000000B, 0x0000000B, 0x0000000B
dcl_literal l8, 0x00000014, 0x00000014, 0x00000014, 0x00000014
dcl_literal l9, 0xFFFFFC01, 0xFFFFFC01, 0xFFFFFC01, 0xFFFFFC01
dcl_literal l10, 0x000FFFFF, 0x000FFFFF, 0x000FFFFF, 0x000FFFFF
dcl_literal l11, 0x00100000, 0x00100000, 0x00100000, 0x00100000
dcl_literal l12, 0xFFFFFFCC, 0xFFFFFFCC, 0xFFFFFFCC, 0xFFFFFFCC
dcl_literal l13, 0x0000003F, 0x0000003F, 0x0000003F, 0x0000003F
dcl_literal l14, 0xFFFFFFFF, 0x7FFFFFFF, 0xFFFFFFFF, 0x7FFFFFFF
dcl_literal l15, 0x7FFFFFFF, 0x7FFFFFFF, 0x7FFFFFFF, 0x7FFFFFFF
dcl_literal l16, 0x7FF00000, 0x7FF00000, 0x7FF00000, 0x7FF00000
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
iadd r7.xyz_, vAbsTid, cb0[6]
mov r6.x___, r7.x
imul r8.x___, r6, l1
iadd r9.x___, r4.x, r8.x
uav_raw_load_id(1) r10.xyzw, r9.x
imul r11.x___, r6, l1
iadd r12.x___, r4.x, r11.x
dmul r13.xy__, r10.xyxy, r10.xyxy
dmul r13.__zw, r10.zwzw, r10.zwzw
mov r14.xyzw, l0
mov r14.xy__, l3.xyxy
mov r15.xyzw, r14
mov r15.__zw, l4.xyxy
dadd r16.xy__, r13.xyxy, r15.xyxy
dadd r16.__zw, r13.zwzw, r15.zwzw
uav_raw_store_id(1) mem0.xyzw, r12.x, r16
imul r17.x___, r6, l5
iadd r18.x___, r5.x, r17.x
imul r19.x___, r6, l5
iadd r20.x___, r5.x, r19.x
uav_raw_load_id(1) r21.xy__, r20.x
i64mul r22.xy__, r21.xyxy, l6.xyxy
mov r23.xy__, r10.zw
mov r25.x___, r23.y
ubit_extract r26.x___, l7.x, l8.x, r23.y
iadd r26.x___, r26.x, l9.x
iand r27._y__, r23.y, l10.x
ior r27._y__, r27.y, l11.x
mov r27.x___, r23.x
iadd r28.x___, r26.x, l12.x
imax r29.x___, r28.x, l0.x
inegate r30.x___, r28.x
imax r30.x___, r30.x, l0.x
i64shl r31.xy__, r27.xyxy, r29.x
u64shr r31.xy__, r31.xyxy, r30.x
ilt r32.x___, r25.x, l0.x
i64negate r33.xy__, r31.xyxy
cmov_logical r31.xy__, r32.x, r33.xyxy, r31.xyxy
ilt r34.x___, r26.x, l0.x
cmov_logical r31.xy__, r34.x, l0, r31.xyxy
ige r35.x___, r26.x, l13.x
cmov_logical r36.xy__, r32.x, l2, l14
cmov_logical r31.xy__, r35.x, r36.xyxy, r31.xyxy
iand r38.x___, r23.y, l15.x
ult r37.x___, l16.x, r38.x
ieq r39.x___, r38.x, l16.x
ine r38.x___, r23.x, l0.x
iand r39.x___, r39.x, r38.x
ior r37.x___, r37.x, r39.x
cmov_logical r24.xy__, r37.x, l0, r31.xyxy
i64add r40.xy__, r22.xyxy, r24.xyxy
uav_raw_store_id(1) mem0.xy__, r18.x, r40
ret
endfunc ; wide
;ARGSTART:wide
;uniqueid:1025
;ARGEND:wide
end
*/
