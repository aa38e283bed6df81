// printf: a record in the printf buffer (cb0[8].y/z) reserved with compare-and-swap, a
// ;printf_fmt line in the body's metadata; %s writes the literal's bytes.
// MCPU: cypress
__kernel void hello(__global int *out)
{
    int i = get_global_id(0);
    out[i] = printf("item %d of %s: %f\n", i, "hello", 0.5f);
}

/* EXPECT:
il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 0x00000000, 0x00000000, 0x00000000, 0x00000000
dcl_literal l1, 0x00000004, 0x00000004, 0x00000004, 0x00000004
dcl_literal l2, 0xE0000000, 0xE0000000, 0xE0000000, 0xE0000000
dcl_literal l3, 0x1FFFFFFF, 0x1FFFFFFF, 0x1FFFFFFF, 0x1FFFFFFF
dcl_literal l4, 0x80000000, 0x80000000, 0x80000000, 0x80000000
dcl_literal l5, 0x00000000, 0x3FE00000, 0x00000000, 0x3FE00000
dcl_literal l6, 0x6C6C6568, 0x6C6C6568, 0x6C6C6568, 0x6C6C6568
dcl_literal l7, 0x0000006F, 0x0000006F, 0x0000006F, 0x0000006F
dcl_literal l8, 0x00000018, 0x00000018, 0x00000018, 0x00000018
dcl_literal l9, 0x00000008, 0x00000008, 0x00000008, 0x00000008
dcl_literal l10, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF
dcl_literal l11, 0x00000001, 0x00000001, 0x00000001, 0x00000001
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_hello_kernel
dcl_cb cb1[1]
dcl_raw_uav_id(1)
dcl_max_thread_per_group 256
; Kernel arg setup: out
mov r4.x___, cb1[0].x
call 1025 ; hello
ret
endfunc ; __OpenCL_hello_kernel
;ARGSTART:__OpenCL_hello_kernel
;version:2:0:74
;device:cypress
;uniqueid:1024
;pointer:out:i32:1:1:0:uav:1:4
;reflection:0:int*
;function:1:1025
;uavid:1
;ARGEND:__OpenCL_hello_kernel
func 1025 ; hello
;@ <source>:6:13
iadd r6.xyz_, vAbsTid, cb0[6]
mov r5.x___, r6.x
;@ <source>:7:5
imul r7.x___, r5, l1
ilt r9.x___, r5.x, l2.x
ilt r9._y__, l3.x, r5.x
ior r9.x___, r9.x, r9.y
cmov_logical r9.x___, r9.x, l4.x, r7.x
iadd r8.x___, r4.x, r9.x
;@ <source>:7:14
whileloop
uav_raw_load_id(1) r11.x___, cb0[8].y
iadd r12.x___, r11.x, l8.x
iadd r13.x___, r12.x, l9.x
ult r13.x___, cb0[8].z, r13.x
break_logicalnz r13.x
uav_read_cmp_xchg_id(1) r13._y__, cb0[8].y, r12.x, r11.x
ieq r13._y__, r13.y, r11.x
break_logicalnz r13.y
endloop
if_logicalz r13.x
iadd r14.x___, cb0[8].y, r11.x
iadd r14.x___, r14.x, l9.x
uav_raw_store_id(1) mem0.x___, r14.x, l0.x
iadd r14.x___, r14.x, l1.x
uav_raw_store_id(1) mem0.x___, r14.x, r5.x
iadd r14.x___, r14.x, l1.x
uav_raw_store_id(1) mem0.x___, r14.x, l6.x
iadd r14.x___, r14.x, l1.x
uav_raw_store_id(1) mem0.x___, r14.x, l7.x
iadd r14.x___, r14.x, l1.x
uav_raw_store_id(1) mem0.x___, r14.x, l5.x
iadd r14.x___, r14.x, l1.x
uav_raw_store_id(1) mem0.x___, r14.x, l5.y
mov r10.x___, l0.x
else
mov r10.x___, l10.x
iadd r14.x___, cb0[8].y, l1.x
uav_add_id(1) r14.x, l11.x
endif
;@ <source>:7:5
uav_raw_store_id(1) mem0.x___, r8.x, r10
ret
endfunc ; hello
;ARGSTART:hello
;uniqueid:1025
;printf_fmt:0:3:4:6:8:18:item %d of %s: %f\n;
;ARGEND:hello
end
*/
