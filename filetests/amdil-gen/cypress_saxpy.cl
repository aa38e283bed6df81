// Evergreen: a fixed work-group size (;cws and dcl_num_thread_per_group), scalar float
// arithmetic, the global id from vAbsTid plus the global offset.
// MCPU: cypress
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void saxpy(__global float *y, __global const float *x, float a)
{
    int i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}

/* EXPECT:
il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 0x00000000, 0x00000000, 0x00000000, 0x00000000
dcl_literal l1, 0x00000004, 0x00000004, 0x00000004, 0x00000004
dcl_literal l2, 0xE0000000, 0xE0000000, 0xE0000000, 0xE0000000
dcl_literal l3, 0x1FFFFFFF, 0x1FFFFFFF, 0x1FFFFFFF, 0x1FFFFFFF
dcl_literal l4, 0x80000000, 0x80000000, 0x80000000, 0x80000000
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_saxpy_kernel
dcl_cb cb1[3]
dcl_raw_uav_id(1)
dcl_num_thread_per_group 64, 1, 1
; Kernel arg setup: y
mov r4.x___, cb1[0].x
; Kernel arg setup: x
mov r5.x___, cb1[1].x
; Kernel arg setup: a
mov r6.x___, cb1[2]
call 1025 ; saxpy
ret
endfunc ; __OpenCL_saxpy_kernel
;ARGSTART:__OpenCL_saxpy_kernel
;version:2:0:74
;device:cypress
;uniqueid:1024
;cws:64:1:1
;pointer:y:float:1:1:0:uav:1:4
;pointer:x:float:1:1:16:uav:1:4
;value:a:float:1:1:32
;reflection:0:float*
;reflection:1:float*
;reflection:2:float
;function:1:1025
;uavid:1
;ARGEND:__OpenCL_saxpy_kernel
func 1025 ; saxpy
;@ <source>:7:13
iadd r8.xyz_, vAbsTid, cb0[6]
mov r7.x___, r8.x
;@ <source>:8:5
imul r9.x___, r7, l1
ilt r11.x___, r7.x, l2.x
ilt r11._y__, l3.x, r7.x
ior r11.x___, r11.x, r11.y
cmov_logical r11.x___, r11.x, l4.x, r9.x
iadd r10.x___, r4.x, r11.x
;@ <source>:8:16
imul r12.x___, r7, l1
ilt r14.x___, r7.x, l2.x
ilt r14._y__, l3.x, r7.x
ior r14.x___, r14.x, r14.y
cmov_logical r14.x___, r14.x, l4.x, r12.x
iadd r13.x___, r5.x, r14.x
uav_raw_load_id(1) r15.x___, r13.x
;@ <source>:8:12
mul r16.x___, r6, r15
;@ <source>:8:23
imul r17.x___, r7, l1
ilt r19.x___, r7.x, l2.x
ilt r19._y__, l3.x, r7.x
ior r19.x___, r19.x, r19.y
cmov_logical r19.x___, r19.x, l4.x, r17.x
iadd r18.x___, r4.x, r19.x
uav_raw_load_id(1) r20.x___, r18.x
;@ <source>:8:12
add r21.x___, r16, r20
;@ <source>:8:5
uav_raw_store_id(1) mem0.x___, r10.x, r21
ret
endfunc ; saxpy
;ARGSTART:saxpy
;uniqueid:1025
;ARGEND:saxpy
end
*/
