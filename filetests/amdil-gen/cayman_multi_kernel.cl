// Two kernels and a helper kept as an IL function (-cl-opt-disable): ids from 1024, each
// kernel's wrapper calls its body, ;function: lists the callees; clz through the
// intrinsic library embedded with +macrodb.
// MCPU: cayman
// MATTR: +macrodb
// OPTIONS: -cl-opt-disable
int helper(int x)
{
    return clz(x) + 1;
}

__kernel void first(__global int *a)
{
    a[0] = helper(a[0]);
}

__kernel void second(__global int *a, __global int *b)
{
    b[0] = helper(a[1]) * 2;
}

/* EXPECT:
il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 0x00000000, 0x00000000, 0x00000000, 0x00000000
dcl_literal l1, 0x00000008, 0x00000008, 0x00000008, 0x00000008
dcl_literal l2, 0x00000001, 0x00000001, 0x00000001, 0x00000001
dcl_literal l3, 0x00000004, 0x00000004, 0x00000004, 0x00000004
dcl_literal l4, 0x00000002, 0x00000002, 0x00000002, 0x00000002
;$$$$$$$$$$
endmain
mdef(1)_out(1)_in(1)
dcl_literal l1000, 32, 0, 0, 0
ffb_hi r0.x, in0.x
ieq r1.x, in0.x, l1000.y
cmov_logical out0.x, r1.x, l1000.x, r0.x
mend
func 1024 ; helper
iadd r9.x___, r1.x, l1.x
uav_raw_store_id(1) mem0.x___, r9.x, r4
;@ <source>:9:16
uav_raw_load_id(1) r10.x___, r9.x
;@ <source>:9:12
mcall(1) (r13), (r10.x)
mov r12.x___, r13.x
iadd r11.x___, r12, l0
;@ <source>:9:12
iadd r14.x___, r11, l2
;@ <source>:9:5
mov r5.x___, r14
ret
endfunc ; helper
;ARGSTART:helper
;uniqueid:1024
;ARGEND:helper
func 1025 ; __OpenCL_first_kernel
dcl_cb cb1[1]
dcl_raw_uav_id(1)
dcl_max_thread_per_group 256
imad r1.x___, vAbsTidFlat.x, cb0[3].y, cb0[3].x
; Kernel arg setup: a
mov r6.x___, cb1[0].x
call 1026 ; first
ret
endfunc ; __OpenCL_first_kernel
;ARGSTART:__OpenCL_first_kernel
;version:2:0:74
;device:cayman
;uniqueid:1025
;memory:private:16
;pointer:a:i32:1:1:0:uav:1:4
;reflection:0:int*
;function:1:1026
;uavid:1
;ARGEND:__OpenCL_first_kernel
func 1026 ; first
iadd r15.x___, r1.x, l0.x
uav_raw_store_id(1) mem0.x___, r15.x, r6
;@ <source>:14:5
uav_raw_load_id(1) r16.x___, r15.x
;@ <source>:14:5
iadd r17.x___, r16.x, l0.x
;@ <source>:14:19
uav_raw_load_id(1) r18.x___, r15.x
;@ <source>:14:19
iadd r19.x___, r18.x, l0.x
uav_raw_load_id(1) r20.x___, r19.x
;@ <source>:14:12
mov r4.x___, r20
call 1024 ; helper
mov r21.x___, r5
;@ <source>:14:5
uav_raw_store_id(1) mem0.x___, r17.x, r21
ret
endfunc ; first
;ARGSTART:first
;uniqueid:1026
;function:1:1024
;ARGEND:first
func 1027 ; __OpenCL_second_kernel
dcl_cb cb1[2]
dcl_raw_uav_id(1)
dcl_max_thread_per_group 256
imad r1.x___, vAbsTidFlat.x, cb0[3].y, cb0[3].x
; Kernel arg setup: a
mov r7.x___, cb1[0].x
; Kernel arg setup: b
mov r8.x___, cb1[1].x
call 1028 ; second
ret
endfunc ; __OpenCL_second_kernel
;ARGSTART:__OpenCL_second_kernel
;version:2:0:74
;device:cayman
;uniqueid:1027
;memory:private:16
;pointer:a:i32:1:1:0:uav:1:4
;pointer:b:i32:1:1:16:uav:1:4
;reflection:0:int*
;reflection:1:int*
;function:1:1028
;uavid:1
;ARGEND:__OpenCL_second_kernel
func 1028 ; second
iadd r22.x___, r1.x, l0.x
iadd r23.x___, r1.x, l3.x
uav_raw_store_id(1) mem0.x___, r22.x, r7
uav_raw_store_id(1) mem0.x___, r23.x, r8
;@ <source>:19:5
uav_raw_load_id(1) r24.x___, r23.x
;@ <source>:19:5
iadd r25.x___, r24.x, l0.x
;@ <source>:19:19
uav_raw_load_id(1) r26.x___, r22.x
;@ <source>:19:19
iadd r27.x___, r26.x, l3.x
uav_raw_load_id(1) r28.x___, r27.x
;@ <source>:19:12
mov r4.x___, r28
call 1024 ; helper
mov r29.x___, r5
;@ <source>:19:12
imul r30.x___, r29, l4
;@ <source>:19:5
uav_raw_store_id(1) mem0.x___, r25.x, r30
ret
endfunc ; second
;ARGSTART:second
;uniqueid:1028
;function:1:1024
;ARGEND:second
end
*/
