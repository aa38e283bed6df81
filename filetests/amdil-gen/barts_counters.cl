// Atomic counters (cl_ext_atomic_counters_32, seed 000 "Counter kernel arguments"): each
// counter argument takes one cb1 slot and a `;counter:NAME:32:ID:1:OFFSET` line, ids 0, 1 in
// argument order (the pointer between them keeps its slot, offset 16); no register is set
// up for it. atomic_inc is `append_buf_alloc_id(ID)` (the old value); atomic_dec is
// `append_buf_consume_id(ID)`, which returns the new value, plus 1 for the old one.
// MCPU: barts
#pragma OPENCL EXTENSION cl_ext_atomic_counters_32 : enable

__kernel void count(counter32_t hits, __global uint *out, counter32_t left)
{
    uint i = get_global_id(0);
    out[i] = atomic_inc(hits);
    out[i + 1] = atomic_dec(left);
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
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_count_kernel
dcl_cb cb1[3]
dcl_raw_uav_id(1)
dcl_max_thread_per_group 256
; Kernel arg setup: hits
; Kernel arg setup: out
mov r5.x___, cb1[1].x
; Kernel arg setup: left
call 1025 ; count
ret
endfunc ; __OpenCL_count_kernel
;ARGSTART:__OpenCL_count_kernel
;version:2:0:74
;device:barts
;uniqueid:1024
;counter:hits:32:0:1:0
;pointer:out:u32:1:1:16:uav:1:4
;counter:left:32:1:1:32
;reflection:0:counter32_t
;reflection:1:uint*
;reflection:2:counter32_t
;function:1:1025
;uavid:1
;ARGEND:__OpenCL_count_kernel
func 1025 ; count
;@ <source>:11:14
iadd r8.xyz_, vAbsTid, cb0[6]
mov r7.x___, r8.x
;@ <source>:12:5
imul r9.x___, r7, l1
ilt r11.x___, r7.x, l2.x
ilt r11._y__, l3.x, r7.x
ior r11.x___, r11.x, r11.y
cmov_logical r11.x___, r11.x, l4.x, r9.x
iadd r10.x___, r5.x, r11.x
;@ <source>:12:14
append_buf_alloc_id(0) r12.x___
;@ <source>:12:5
uav_raw_store_id(1) mem0.x___, r10.x, r12
;@ <source>:13:9
iadd r13.x___, r7, l5
;@ <source>:13:5
imul r14.x___, r13, l1
ilt r16.x___, r13.x, l2.x
ilt r16._y__, l3.x, r13.x
ior r16.x___, r16.x, r16.y
cmov_logical r16.x___, r16.x, l4.x, r14.x
iadd r15.x___, r5.x, r16.x
;@ <source>:13:18
append_buf_consume_id(1) r17.x___
iadd r17.x___, r17.x, l5.x
;@ <source>:13:5
uav_raw_store_id(1) mem0.x___, r15.x, r17
ret
endfunc ; count
;ARGSTART:count
;uniqueid:1025
;ARGEND:count
end
*/
