// 7XX without doubles: byte loads take the containing dword and extract the byte, byte
// stores read, modify and write the dword (no arena UAV); the group id is rebuilt from
// the flat one.
// MCPU: rv710
__kernel void bytes(__global const uchar *in, __global uchar *out, uchar add)
{
    int i = get_global_id(0);
    out[i] = in[i] + add + (uchar)get_group_id(0);
}

/* EXPECT:
il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 0x00000000, 0x00000000, 0x00000000, 0x00000000
dcl_literal l1, 0xFFFFFFFC, 0xFFFFFFFC, 0xFFFFFFFC, 0xFFFFFFFC
dcl_literal l2, 0x00000003, 0x00000003, 0x00000003, 0x00000003
dcl_literal l3, 0x00000008, 0x00000008, 0x00000008, 0x00000008
dcl_literal l4, 0x000000FF, 0x000000FF, 0x000000FF, 0x000000FF
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_bytes_kernel
dcl_cb cb1[3]
dcl_raw_uav_id(1)
dcl_max_thread_per_group 256
; Kernel arg setup: in
mov r4.x___, cb1[0].x
; Kernel arg setup: out
mov r5.x___, cb1[1].x
; Kernel arg setup: add
mov r6.x___, cb1[2].x
call 1025 ; bytes
ret
endfunc ; __OpenCL_bytes_kernel
;ARGSTART:__OpenCL_bytes_kernel
;version:2:0:74
;device:rv710
;uniqueid:1024
;pointer:in:u8:1:1:0:uav:1:1
;pointer:out:u8:1:1:16:uav:1:1
;value:add:u8:1:1:32
;reflection:0:uchar*
;reflection:1:uchar*
;reflection:2:uchar
;function:1:1025
;uavid:1
;ARGEND:__OpenCL_bytes_kernel
func 1025 ; bytes
;@ <source>:7:13
umod r9.x___, vThreadGrpIdFlat.x, cb0[2].x
udiv r9.__z_, vThreadGrpIdFlat.x, cb0[2].x
umod r9._y__, r9.z, cb0[2].y
udiv r9.__z_, r9.z, cb0[2].y
imad r8.xyz_, r9, cb0[1], vTidInGrp
iadd r8.xyz_, r8, cb0[6]
mov r7.x___, r8.x
;@ <source>:8:5
iadd r10.x___, r5.x, r7.x
;@ <source>:8:14
iadd r11.x___, r4.x, r7.x
iand r13.x___, r11.x, l1.x
uav_raw_load_id(1) r13.x___, r13.x
iand r14.x___, r11.x, l2.x
ishl r14.x___, r14.x, l2.x
ubit_extract r12.x___, l3.x, r14.x, r13.x
iand r16.x___, r12, l4.x
mov r15.x___, r16
iand r18.x___, r6, l4.x
mov r17.x___, r18
iadd r19.x___, r15, r17
;@ <source>:8:35
umod r21.x___, vThreadGrpIdFlat.x, cb0[2].x
udiv r21.__z_, vThreadGrpIdFlat.x, cb0[2].x
umod r21._y__, r21.z, cb0[2].y
udiv r21.__z_, r21.z, cb0[2].y
iadd r22.xyz_, r21, cb0[7]
mov r20.x___, r22.x
;@ <source>:8:28
mov r23.x___, r20
;@ <source>:8:14
iand r25.x___, r23, l4.x
mov r24.x___, r25
iadd r26.x___, r19, r24
;@ <source>:8:5
mov r27.x___, r26
iand r28.x___, r10.x, l1.x
uav_raw_load_id(1) r30.x___, r28.x
iand r29.x___, r10.x, l2.x
ishl r29.x___, r29.x, l2.x
ubit_insert r30.x___, l3.x, r29.x, r27.x, r30.x
uav_raw_store_id(1) mem0.x___, r28.x, r30.x
ret
endfunc ; bytes
;ARGSTART:bytes
;uniqueid:1025
;ARGEND:bytes
end
*/
