// Each kernel lays out only the __local variables it reaches, itself or through its
// callees (here a kernel called as a function, calls kept by -cl-opt-disable):
// a reaches s (400 bytes), b reaches t (40), c reaches u (8) and, through a, s. s is
// reached by two kernels and placed first, at 0; t and u are each one kernel's, first fit
// around what their kernels already hold: t at 0, u after s at 400. So a's wrapper
// declares 400 bytes of LDS, b's 40 and c's 408, each in its own `;memory:hwlocal`.
// MCPU: cypress
// OPTIONS: -cl-opt-disable
__kernel void a(__global int *o)
{
    __local int s[100];
    s[get_local_id(0)] = 1;
    o[0] = s[3];
}
__kernel void b(__global int *o)
{
    __local int t[10];
    t[get_local_id(0)] = 2;
    o[0] = t[3];
}
__kernel void c(__global int *o)
{
    __local int u[2];
    u[get_local_id(0)] = 3;
    a(o);
    o[1] = u[1];
}

/* EXPECT:
il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 0x00000000, 0x00000000, 0x00000000, 0x00000000
dcl_literal l1, 0x00000004, 0x00000004, 0x00000004, 0x00000004
dcl_literal l2, 0xE0000000, 0xE0000000, 0xE0000000, 0xE0000000
dcl_literal l3, 0x1FFFFFFF, 0x1FFFFFFF, 0x1FFFFFFF, 0x1FFFFFFF
dcl_literal l4, 0x80000000, 0x80000000, 0x80000000, 0x80000000
dcl_literal l5, 0x00000001, 0x00000001, 0x00000001, 0x00000001
dcl_literal l6, 0x00000003, 0x00000003, 0x00000003, 0x00000003
dcl_literal l7, 0x0000000C, 0x0000000C, 0x0000000C, 0x0000000C
dcl_literal l8, 0x00000002, 0x00000002, 0x00000002, 0x00000002
dcl_literal l9, 0x00000190, 0x00000190, 0x00000190, 0x00000190
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_a_kernel
dcl_cb cb1[1]
dcl_raw_uav_id(1)
dcl_lds_id(1) 400
dcl_max_thread_per_group 256
imad r1.x___, vAbsTidFlat.x, cb0[3].y, cb0[3].x
; Kernel arg setup: o
mov r4.x___, cb1[0].x
call 1025 ; a
ret
endfunc ; __OpenCL_a_kernel
;ARGSTART:__OpenCL_a_kernel
;version:2:0:74
;device:cypress
;uniqueid:1024
;memory:private:16
;memory:hwlocal:400
;pointer:o:i32:1:1:0:uav:1:4
;reflection:0:int*
;function:1:1025
;uavid:1
;ARGEND:__OpenCL_a_kernel
func 1025 ; a
iadd r7.x___, r1.x, l1.x
uav_raw_store_id(1) mem0.x___, r7.x, r4
;@ <source>:12:5
mov r8.x___, l0.x
;@ <source>:12:7
mov r9.x___, vTidInGrp.x
;@ <source>:12:5
imul r10.x___, r9, l1
ilt r12.x___, r9.x, l2.x
ilt r12._y__, l3.x, r9.x
ior r12.x___, r12.x, r12.y
cmov_logical r12.x___, r12.x, l4.x, r10.x
iadd r11.x___, r8.x, r12.x
;@ <source>:12:5
lds_store_id(1) r11.x, l5.x
;@ <source>:13:5
uav_raw_load_id(1) r13.x___, r7.x
;@ <source>:13:5
iadd r14.x___, r13.x, l0.x
;@ <source>:13:12
mov r15.x___, l0.x
;@ <source>:13:12
iadd r16.x___, r15.x, l7.x
lds_load_id(1) r17.x___, r16.x
;@ <source>:13:5
uav_raw_store_id(1) mem0.x___, r14.x, r17
ret
endfunc ; a
;ARGSTART:a
;uniqueid:1025
;ARGEND:a
func 1026 ; __OpenCL_b_kernel
dcl_cb cb1[1]
dcl_raw_uav_id(1)
dcl_lds_id(1) 40
dcl_max_thread_per_group 256
imad r1.x___, vAbsTidFlat.x, cb0[3].y, cb0[3].x
; Kernel arg setup: o
mov r5.x___, cb1[0].x
call 1027 ; b
ret
endfunc ; __OpenCL_b_kernel
;ARGSTART:__OpenCL_b_kernel
;version:2:0:74
;device:cypress
;uniqueid:1026
;memory:private:16
;memory:hwlocal:40
;pointer:o:i32:1:1:0:uav:1:4
;reflection:0:int*
;function:1:1027
;uavid:1
;ARGEND:__OpenCL_b_kernel
func 1027 ; b
iadd r18.x___, r1.x, l0.x
uav_raw_store_id(1) mem0.x___, r18.x, r5
;@ <source>:18:5
mov r19.x___, l0.x
;@ <source>:18:7
mov r20.x___, vTidInGrp.x
;@ <source>:18:5
imul r21.x___, r20, l1
ilt r23.x___, r20.x, l2.x
ilt r23._y__, l3.x, r20.x
ior r23.x___, r23.x, r23.y
cmov_logical r23.x___, r23.x, l4.x, r21.x
iadd r22.x___, r19.x, r23.x
;@ <source>:18:5
lds_store_id(1) r22.x, l8.x
;@ <source>:19:5
uav_raw_load_id(1) r24.x___, r18.x
;@ <source>:19:5
iadd r25.x___, r24.x, l0.x
;@ <source>:19:12
mov r26.x___, l0.x
;@ <source>:19:12
iadd r27.x___, r26.x, l7.x
lds_load_id(1) r28.x___, r27.x
;@ <source>:19:5
uav_raw_store_id(1) mem0.x___, r25.x, r28
ret
endfunc ; b
;ARGSTART:b
;uniqueid:1027
;ARGEND:b
func 1028 ; __OpenCL_c_kernel
dcl_cb cb1[1]
dcl_raw_uav_id(1)
dcl_lds_id(1) 408
dcl_max_thread_per_group 256
imad r1.x___, vAbsTidFlat.x, cb0[3].y, cb0[3].x
; Kernel arg setup: o
mov r6.x___, cb1[0].x
call 1029 ; c
ret
endfunc ; __OpenCL_c_kernel
;ARGSTART:__OpenCL_c_kernel
;version:2:0:74
;device:cypress
;uniqueid:1028
;memory:private:16
;memory:hwlocal:408
;pointer:o:i32:1:1:0:uav:1:4
;reflection:0:int*
;function:1:1029
;uavid:1
;ARGEND:__OpenCL_c_kernel
func 1029 ; c
iadd r29.x___, r1.x, l0.x
uav_raw_store_id(1) mem0.x___, r29.x, r6
;@ <source>:24:5
mov r30.x___, l9.x
;@ <source>:24:7
mov r31.x___, vTidInGrp.x
;@ <source>:24:5
imul r32.x___, r31, l1
ilt r34.x___, r31.x, l2.x
ilt r34._y__, l3.x, r31.x
ior r34.x___, r34.x, r34.y
cmov_logical r34.x___, r34.x, l4.x, r32.x
iadd r33.x___, r30.x, r34.x
;@ <source>:24:5
lds_store_id(1) r33.x, l6.x
;@ <source>:25:7
uav_raw_load_id(1) r35.x___, r29.x
;@ <source>:25:5
mov r4.x___, r35
call 1025 ; a
;@ <source>:26:5
uav_raw_load_id(1) r36.x___, r29.x
;@ <source>:26:5
iadd r37.x___, r36.x, l1.x
;@ <source>:26:12
mov r38.x___, l9.x
;@ <source>:26:12
iadd r39.x___, r38.x, l1.x
lds_load_id(1) r40.x___, r39.x
;@ <source>:26:5
uav_raw_store_id(1) mem0.x___, r37.x, r40
ret
endfunc ; c
;ARGSTART:c
;uniqueid:1029
;function:1:1025
;ARGEND:c
end
*/
