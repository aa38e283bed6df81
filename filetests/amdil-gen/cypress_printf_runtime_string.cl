// printf of a `__constant char *` chosen at run time: the record holds the string's
// 32-bit address (the pointer's `.x`) and `;printf_fmt` gives that argument size 0 (no
// string literal has size 0), so the runtime reads the string from global memory when
// it prints the buffer; the int after it is an ordinary 4-byte field.
// MCPU: cypress
__kernel void say(int i)
{
    printf("%s %d\n", i ? "yes" : "no", i);
}

/* EXPECT:
il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 0x00000000, 0x00000000, 0x00000000, 0x00000000
dcl_literal l1, 0x00000004, 0x00000004, 0x00000004, 0x00000004
dcl_literal l2, 0x0000000C, 0x0000000C, 0x0000000C, 0x0000000C
dcl_literal l3, 0x00000008, 0x00000008, 0x00000008, 0x00000008
dcl_literal l4, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF
dcl_literal l5, 0x00000001, 0x00000001, 0x00000001, 0x00000001
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_say_kernel
dcl_cb cb1[1]
dcl_raw_uav_id(1)
dcl_max_thread_per_group 256
; Kernel arg setup: i
mov r4.x___, cb1[0]
call 1025 ; say
ret
endfunc ; __OpenCL_say_kernel
;ARGSTART:__OpenCL_say_kernel
;version:2:0:74
;device:cypress
;uniqueid:1024
;value:i:i32:1:1:0
;reflection:0:int
;memory:datareqd
;function:1:1025
;uavid:1
;ARGEND:__OpenCL_say_kernel
func 1025 ; say
;@ <source>:8:23
ine r5.x___, r4, l0
;@ <source>:8:27
iadd r6.x___, cb0[8].x, l0.x
;@ <source>:8:35
iadd r7.x___, cb0[8].x, l1.x
;@ <source>:8:23
cmov_logical r8.x___, r5.x, r6, r7
;@ <source>:8:5
whileloop
uav_raw_load_id(1) r10.x___, cb0[8].y
iadd r11.x___, r10.x, l2.x
iadd r12.x___, r11.x, l3.x
ult r12.x___, cb0[8].z, r12.x
break_logicalnz r12.x
uav_read_cmp_xchg_id(1) r12._y__, cb0[8].y, r11.x, r10.x
ieq r12._y__, r12.y, r10.x
break_logicalnz r12.y
endloop
if_logicalz r12.x
iadd r13.x___, cb0[8].y, r10.x
iadd r13.x___, r13.x, l3.x
uav_raw_store_id(1) mem0.x___, r13.x, l0.x
iadd r13.x___, r13.x, l1.x
uav_raw_store_id(1) mem0.x___, r13.x, r8.x
iadd r13.x___, r13.x, l1.x
uav_raw_store_id(1) mem0.x___, r13.x, r4.x
mov r9.x___, l0.x
else
mov r9.x___, l4.x
iadd r13.x___, cb0[8].y, l1.x
uav_add_id(1) r13.x, l5.x
endif
ret
endfunc ; say
;ARGSTART:say
;uniqueid:1025
;printf_fmt:0:2:0:4:6:%s %d\n;
;ARGEND:say
;#DATASTART:16
;#i8:0:4:79:65:73:0
;#i8:4:3:6E:6F:0
;#DATAEND:0
end
*/
