// Pointers in __constant data on the amdil target: pointers are 32-bit byte addresses
// in the global buffer, and the data segment's own address (cb0[8].x) is chosen by the
// runtime, so each address is an `addr` row (docs/spec/amd-runtime-abi.md#data-segments)
// holding its target's offset in the segment, to which the runtime adds cb0[8].x when it
// places the segment. Here "hi" is at offset 0, "yo" at 4 (globals are 4-byte
// aligned), and @names at 8 holds the offsets 0 and 5 ("yo" + 1).
// MCPU: cypress
__constant char *__constant names[] = {"hi", "yo" + 1};

__kernel void pick(__global char *out, int i)
{
    out[0] = names[i][0];
}

/* EXPECT:
il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 0x00000000, 0x00000000, 0x00000000, 0x00000000
dcl_literal l1, 0x00000008, 0x00000008, 0x00000008, 0x00000008
dcl_literal l2, 0x00000004, 0x00000004, 0x00000004, 0x00000004
dcl_literal l3, 0xE0000000, 0xE0000000, 0xE0000000, 0xE0000000
dcl_literal l4, 0x1FFFFFFF, 0x1FFFFFFF, 0x1FFFFFFF, 0x1FFFFFFF
dcl_literal l5, 0x80000000, 0x80000000, 0x80000000, 0x80000000
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_pick_kernel
dcl_cb cb1[2]
dcl_raw_uav_id(1)
dcl_arena_uav_id(0)
dcl_max_thread_per_group 256
; Kernel arg setup: out
mov r4.x___, cb1[0].x
; Kernel arg setup: i
mov r5.x___, cb1[1]
call 1025 ; pick
ret
endfunc ; __OpenCL_pick_kernel
;ARGSTART:__OpenCL_pick_kernel
;version:2:0:74
;device:cypress
;uniqueid:1024
;pointer:out:i8:1:1:0:uav:1:1
;value:i:i32:1:1:16
;reflection:0:char*
;reflection:1:int
;memory:datareqd
;function:1:1025
;uavid:1
;ARGEND:__OpenCL_pick_kernel
func 1025 ; pick
;@ <source>:12:14
iadd r6.x___, cb0[8].x, l1.x
imul r7.x___, r5, l2
ilt r9.x___, r5.x, l3.x
ilt r9._y__, l4.x, r5.x
ior r9.x___, r9.x, r9.y
cmov_logical r9.x___, r9.x, l5.x, r7.x
iadd r8.x___, r6.x, r9.x
uav_raw_load_id(1) r10.x___, r8.x
uav_arena_load_id(0)_size(byte) r11.x___, r10.x
;@ <source>:12:5
uav_arena_store_id(0)_size(byte) r4.x, r11.x
ret
endfunc ; pick
;ARGSTART:pick
;uniqueid:1025
;ARGEND:pick
;#DATASTART:16
;#i8:0:3:68:69:0
;#i8:4:3:79:6F:0
;#addr:8:2:0:5
;#DATAEND:0
end
*/
