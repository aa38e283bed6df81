// Juniper (Evergreen, no doubles): a __constant table in the data segment
// (;#DATASTART, cb0[8].x, ;memory:datareqd) and a private array in the private ring
// (r1, ;memory:private).
// MCPU: juniper
__constant int squares[8] = {0, 1, 4, 9, 16, 25, 36, 49};

__kernel void table(__global int *out, int k)
{
    int priv[4];
    for (int j = 0; j < 4; j++)
        priv[j] = squares[(k + j) & 7];
    out[get_global_id(0)] = priv[get_global_id(0) & 3];
}

/* EXPECT:
il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 0x00000000, 0x00000000, 0x00000000, 0x00000000
dcl_literal l1, 0x00000004, 0x00000004, 0x00000004, 0x00000004
dcl_literal l2, 0xE0000000, 0xE0000000, 0xE0000000, 0xE0000000
dcl_literal l3, 0x1FFFFFFF, 0x1FFFFFFF, 0x1FFFFFFF, 0x1FFFFFFF
dcl_literal l4, 0x80000000, 0x80000000, 0x80000000, 0x80000000
dcl_literal l5, 0x00000007, 0x00000007, 0x00000007, 0x00000007
dcl_literal l6, 0x00000001, 0x00000001, 0x00000001, 0x00000001
dcl_literal l7, 0x00000003, 0x00000003, 0x00000003, 0x00000003
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_table_kernel
dcl_cb cb1[2]
dcl_raw_uav_id(1)
dcl_max_thread_per_group 256
imad r1.x___, vAbsTidFlat.x, cb0[3].y, cb0[3].x
; Kernel arg setup: out
mov r4.x___, cb1[0].x
; Kernel arg setup: k
mov r5.x___, cb1[1]
call 1025 ; table
ret
endfunc ; __OpenCL_table_kernel
;ARGSTART:__OpenCL_table_kernel
;version:2:0:74
;device:juniper
;uniqueid:1024
;memory:private:16
;pointer:out:i32:1:1:0:uav:1:4
;value:k:i32:1:1:16
;reflection:0:int*
;reflection:1:int
;memory:datareqd
;function:1:1025
;uavid:1
;ARGEND:__OpenCL_table_kernel
func 1025 ; table
;@ <source>:9:5
iadd r6.x___, r1.x, l0.x
;@ <source>:10:5
mov r7.x___, l0
whileloop
;@ <source>:10:21
ilt r8.x___, r7, l1
;@ <source>:10:5
break_logicalz r8.x
;@ <source>:11:9
imul r9.x___, r7, l1
ilt r11.x___, r7.x, l2.x
ilt r11._y__, l3.x, r7.x
ior r11.x___, r11.x, r11.y
cmov_logical r11.x___, r11.x, l4.x, r9.x
iadd r10.x___, r6.x, r11.x
;@ <source>:11:19
iadd r12.x___, cb0[8].x, l0.x
;@ <source>:11:28
iadd r13.x___, r5, r7
;@ <source>:11:28
iand r14.x___, r13, l5
;@ <source>:11:19
imul r15.x___, r14, l1
ilt r17.x___, r14.x, l2.x
ilt r17._y__, l3.x, r14.x
ior r17.x___, r17.x, r17.y
cmov_logical r17.x___, r17.x, l4.x, r15.x
iadd r16.x___, r12.x, r17.x
uav_raw_load_id(1) r18.x___, r16.x
;@ <source>:11:9
uav_raw_store_id(1) mem0.x___, r10.x, r18
;@ <source>:10:28
iadd r19.x___, r7, l6
;@ <source>:10:5
mov r7.x___, r19
endloop
;@ <source>:12:9
iadd r21.xyz_, vAbsTid, cb0[6]
mov r20.x___, r21.x
;@ <source>:12:5
imul r22.x___, r20, l1
ilt r24.x___, r20.x, l2.x
ilt r24._y__, l3.x, r20.x
ior r24.x___, r24.x, r24.y
cmov_logical r24.x___, r24.x, l4.x, r22.x
iadd r23.x___, r4.x, r24.x
;@ <source>:12:34
iadd r26.xyz_, vAbsTid, cb0[6]
mov r25.x___, r26.x
iand r27.x___, r25, l7
;@ <source>:12:29
imul r28.x___, r27, l1
ilt r30.x___, r27.x, l2.x
ilt r30._y__, l3.x, r27.x
ior r30.x___, r30.x, r30.y
cmov_logical r30.x___, r30.x, l4.x, r28.x
iadd r29.x___, r6.x, r30.x
uav_raw_load_id(1) r31.x___, r29.x
;@ <source>:12:5
uav_raw_store_id(1) mem0.x___, r23.x, r31
ret
endfunc ; table
;ARGSTART:table
;uniqueid:1025
;ARGEND:table
;#DATASTART:32
;#i32:0:8:0:1:4:9:10:19:24:31
;#DATAEND:0
end
*/
