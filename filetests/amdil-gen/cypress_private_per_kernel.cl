// Private frames are laid out as a stack (a function's frame after its callers'), so
// each kernel reports the frames of its own call chains: a and b each keep a 256-byte
// private array (indexed at run time, so it stays in memory) and each reports
// `;memory:private:256`, where one layout for the program would charge b for a's too.
// MCPU: cypress
__kernel void a(__global int *o, int n)
{
    int t[64];
    for (int i = 0; i < 64; i++)
        t[i] = o[i];
    o[0] = t[n & 63];
}
__kernel void b(__global int *o, int n)
{
    int u[64];
    for (int i = 0; i < 64; i++)
        u[i] = o[i] * 2;
    o[1] = u[n & 63];
}

/* EXPECT:
il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 0x00000000, 0x00000000, 0x00000000, 0x00000000
dcl_literal l1, 0x00000040, 0x00000040, 0x00000040, 0x00000040
dcl_literal l2, 0x00000004, 0x00000004, 0x00000004, 0x00000004
dcl_literal l3, 0xE0000000, 0xE0000000, 0xE0000000, 0xE0000000
dcl_literal l4, 0x1FFFFFFF, 0x1FFFFFFF, 0x1FFFFFFF, 0x1FFFFFFF
dcl_literal l5, 0x80000000, 0x80000000, 0x80000000, 0x80000000
dcl_literal l6, 0x00000001, 0x00000001, 0x00000001, 0x00000001
dcl_literal l7, 0x0000003F, 0x0000003F, 0x0000003F, 0x0000003F
dcl_literal l8, 0x00000002, 0x00000002, 0x00000002, 0x00000002
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_a_kernel
dcl_cb cb1[2]
dcl_raw_uav_id(1)
dcl_max_thread_per_group 256
imad r1.x___, vAbsTidFlat.x, cb0[3].y, cb0[3].x
; Kernel arg setup: o
mov r4.x___, cb1[0].x
; Kernel arg setup: n
mov r5.x___, cb1[1]
call 1025 ; a
ret
endfunc ; __OpenCL_a_kernel
;ARGSTART:__OpenCL_a_kernel
;version:2:0:74
;device:cypress
;uniqueid:1024
;memory:private:256
;pointer:o:i32:1:1:0:uav:1:4
;value:n:i32:1:1:16
;reflection:0:int*
;reflection:1:int
;function:1:1025
;uavid:1
;ARGEND:__OpenCL_a_kernel
func 1025 ; a
;@ <source>:8:5
iadd r8.x___, r1.x, l0.x
;@ <source>:9:5
mov r9.x___, l0
whileloop
;@ <source>:9:21
ilt r10.x___, r9, l1
;@ <source>:9:5
break_logicalz r10.x
;@ <source>:10:9
imul r11.x___, r9, l2
ilt r13.x___, r9.x, l3.x
ilt r13._y__, l4.x, r9.x
ior r13.x___, r13.x, r13.y
cmov_logical r13.x___, r13.x, l5.x, r11.x
iadd r12.x___, r8.x, r13.x
;@ <source>:10:16
imul r14.x___, r9, l2
ilt r16.x___, r9.x, l3.x
ilt r16._y__, l4.x, r9.x
ior r16.x___, r16.x, r16.y
cmov_logical r16.x___, r16.x, l5.x, r14.x
iadd r15.x___, r4.x, r16.x
uav_raw_load_id(1) r17.x___, r15.x
;@ <source>:10:9
uav_raw_store_id(1) mem0.x___, r12.x, r17
;@ <source>:9:29
iadd r18.x___, r9, l6
;@ <source>:9:5
mov r9.x___, r18
endloop
;@ <source>:11:14
iand r19.x___, r5, l7
;@ <source>:11:12
imul r20.x___, r19, l2
ilt r22.x___, r19.x, l3.x
ilt r22._y__, l4.x, r19.x
ior r22.x___, r22.x, r22.y
cmov_logical r22.x___, r22.x, l5.x, r20.x
iadd r21.x___, r8.x, r22.x
uav_raw_load_id(1) r23.x___, r21.x
;@ <source>:11:5
uav_raw_store_id(1) mem0.x___, r4.x, r23
ret
endfunc ; a
;ARGSTART:a
;uniqueid:1025
;ARGEND:a
func 1026 ; __OpenCL_b_kernel
dcl_cb cb1[2]
dcl_raw_uav_id(1)
dcl_max_thread_per_group 256
imad r1.x___, vAbsTidFlat.x, cb0[3].y, cb0[3].x
; Kernel arg setup: o
mov r6.x___, cb1[0].x
; Kernel arg setup: n
mov r7.x___, cb1[1]
call 1027 ; b
ret
endfunc ; __OpenCL_b_kernel
;ARGSTART:__OpenCL_b_kernel
;version:2:0:74
;device:cypress
;uniqueid:1026
;memory:private:256
;pointer:o:i32:1:1:0:uav:1:4
;value:n:i32:1:1:16
;reflection:0:int*
;reflection:1:int
;function:1:1027
;uavid:1
;ARGEND:__OpenCL_b_kernel
func 1027 ; b
;@ <source>:15:5
iadd r24.x___, r1.x, l0.x
;@ <source>:16:5
mov r25.x___, l0
whileloop
;@ <source>:16:21
ilt r26.x___, r25, l1
;@ <source>:16:5
break_logicalz r26.x
;@ <source>:17:9
imul r27.x___, r25, l2
ilt r29.x___, r25.x, l3.x
ilt r29._y__, l4.x, r25.x
ior r29.x___, r29.x, r29.y
cmov_logical r29.x___, r29.x, l5.x, r27.x
iadd r28.x___, r24.x, r29.x
;@ <source>:17:16
imul r30.x___, r25, l2
ilt r32.x___, r25.x, l3.x
ilt r32._y__, l4.x, r25.x
ior r32.x___, r32.x, r32.y
cmov_logical r32.x___, r32.x, l5.x, r30.x
iadd r31.x___, r6.x, r32.x
uav_raw_load_id(1) r33.x___, r31.x
;@ <source>:17:16
imul r34.x___, r33, l8
;@ <source>:17:9
uav_raw_store_id(1) mem0.x___, r28.x, r34
;@ <source>:16:29
iadd r35.x___, r25, l6
;@ <source>:16:5
mov r25.x___, r35
endloop
;@ <source>:18:5
iadd r36.x___, r6.x, l2.x
;@ <source>:18:14
iand r37.x___, r7, l7
;@ <source>:18:12
imul r38.x___, r37, l2
ilt r40.x___, r37.x, l3.x
ilt r40._y__, l4.x, r37.x
ior r40.x___, r40.x, r40.y
cmov_logical r40.x___, r40.x, l5.x, r38.x
iadd r39.x___, r24.x, r40.x
uav_raw_load_id(1) r41.x___, r39.x
;@ <source>:18:5
uav_raw_store_id(1) mem0.x___, r36.x, r41
ret
endfunc ; b
;ARGSTART:b
;uniqueid:1027
;ARGEND:b
end
*/
