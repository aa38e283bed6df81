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
dcl_literal l3, 0x00000001, 0x00000001, 0x00000001, 0x00000001
dcl_literal l4, 0x0000003F, 0x0000003F, 0x0000003F, 0x0000003F
dcl_literal l5, 0x00000002, 0x00000002, 0x00000002, 0x00000002
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
iadd r8.x___, r1.x, l0.x
mov r9.x___, l0
whileloop
ilt r10.x___, r9, l1
break_logicalz r10.x
imul r11.x___, r9, l2
iadd r12.x___, r8.x, r11.x
imul r13.x___, r9, l2
iadd r14.x___, r4.x, r13.x
uav_raw_load_id(1) r15.x___, r14.x
uav_raw_store_id(1) mem0.x___, r12.x, r15
iadd r16.x___, r9, l3
mov r9.x___, r16
endloop
iand r17.x___, r5, l4
imul r18.x___, r17, l2
iadd r19.x___, r8.x, r18.x
uav_raw_load_id(1) r20.x___, r19.x
uav_raw_store_id(1) mem0.x___, r4.x, r20
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
iadd r21.x___, r1.x, l0.x
mov r22.x___, l0
whileloop
ilt r23.x___, r22, l1
break_logicalz r23.x
imul r24.x___, r22, l2
iadd r25.x___, r21.x, r24.x
imul r26.x___, r22, l2
iadd r27.x___, r6.x, r26.x
uav_raw_load_id(1) r28.x___, r27.x
imul r29.x___, r28, l5
uav_raw_store_id(1) mem0.x___, r25.x, r29
iadd r30.x___, r22, l3
mov r22.x___, r30
endloop
iadd r31.x___, r6.x, l2.x
iand r32.x___, r7, l4
imul r33.x___, r32, l2
iadd r34.x___, r21.x, r33.x
uav_raw_load_id(1) r35.x___, r34.x
uav_raw_store_id(1) mem0.x___, r31.x, r35
ret
endfunc ; b
;ARGSTART:b
;uniqueid:1027
;ARGEND:b
end
*/
