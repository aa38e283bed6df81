// Northern Islands: global and local atomics (uav_read_* and lds_read_*), compare and
// swap, a __local pointer argument in LDS after the kernel's own local memory.
// MCPU: barts
__kernel void count(__global const int *in, __global int *hist, __global int *max,
                    __local int *bins)
{
    __local int total[1];
    int l = get_local_id(0);
    if (l < 4)
        bins[l] = 0;
    if (l == 0)
        total[0] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = in[get_global_id(0)];
    atomic_inc(&bins[v & 3]);
    atomic_add(&total[0], v);
    atomic_max(max, v);
    atomic_cmpxchg(&hist[4], 0, 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 4)
        atomic_add(&hist[l], bins[l]);
}

/* EXPECT:
il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 0x00000000, 0x00000000, 0x00000000, 0x00000000
dcl_literal l1, 0x00000004, 0x00000004, 0x00000004, 0x00000004
dcl_literal l2, 0xE0000000, 0xE0000000, 0xE0000000, 0xE0000000
dcl_literal l3, 0x1FFFFFFF, 0x1FFFFFFF, 0x1FFFFFFF, 0x1FFFFFFF
dcl_literal l4, 0x80000000, 0x80000000, 0x80000000, 0x80000000
dcl_literal l5, 0x00000002, 0x00000002, 0x00000002, 0x00000002
dcl_literal l6, 0x00000110, 0x00000110, 0x00000110, 0x00000110
dcl_literal l7, 0x00000003, 0x00000003, 0x00000003, 0x00000003
dcl_literal l8, 0x00000001, 0x00000001, 0x00000001, 0x00000001
dcl_literal l9, 0x00000010, 0x00000010, 0x00000010, 0x00000010
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_count_kernel
dcl_cb cb1[4]
dcl_raw_uav_id(1)
dcl_lds_id(1) 4
dcl_max_thread_per_group 256
; Kernel arg setup: in
mov r4.x___, cb1[0].x
; Kernel arg setup: hist
mov r5.x___, cb1[1].x
; Kernel arg setup: max
mov r6.x___, cb1[2].x
; Kernel arg setup: bins
mov r7.x___, cb1[3].x
call 1025 ; count
ret
endfunc ; __OpenCL_count_kernel
;ARGSTART:__OpenCL_count_kernel
;version:2:0:74
;device:barts
;uniqueid:1024
;memory:hwlocal:4
;pointer:in:i32:1:1:0:uav:1:4
;pointer:hist:i32:1:1:16:uav:1:4
;pointer:max:i32:1:1:32:uav:1:4
;pointer:bins:i32:1:1:48:hl:1:4
;reflection:0:int*
;reflection:1:int*
;reflection:2:int*
;reflection:3:int*
;function:1:1025
;uavid:1
;ARGEND:__OpenCL_count_kernel
func 1025 ; count
;@ <source>:8:13
mov r8.x___, vTidInGrp.x
;@ <source>:9:9
ilt r9.x___, r8, l1
;@ <source>:9:5
if_logicalnz r9.x
;@ <source>:10:9
imul r10.x___, r8, l1
ilt r12.x___, r8.x, l2.x
ilt r12._y__, l3.x, r8.x
ior r12.x___, r12.x, r12.y
cmov_logical r12.x___, r12.x, l4.x, r10.x
iadd r11.x___, r7.x, r12.x
;@ <source>:10:9
lds_store_id(1) r11.x, l0.x
;@ <source>:9:5
endif
;@ <source>:11:9
ieq r13.x___, r8, l0
;@ <source>:11:5
if_logicalnz r13.x
;@ <source>:12:9
mov r14.x___, l0.x
;@ <source>:12:9
lds_store_id(1) r14.x, l0.x
;@ <source>:11:5
endif
;@ <source>:13:5
fence_threads_lds
;@ <source>:14:16
iadd r16.xyz_, vAbsTid, cb0[6]
mov r15.x___, r16.x
;@ <source>:14:13
imul r17.x___, r15, l1
ilt r19.x___, r15.x, l2.x
ilt r19._y__, l3.x, r15.x
ior r19.x___, r19.x, r19.y
cmov_logical r19.x___, r19.x, l4.x, r17.x
iadd r18.x___, r4.x, r19.x
uav_raw_load_id(1) r20.x___, r18.x
;@ <source>:15:22
iand r21.x___, r20, l7
;@ <source>:15:17
imul r22.x___, r21, l1
ilt r24.x___, r21.x, l2.x
ilt r24._y__, l3.x, r21.x
ior r24.x___, r24.x, r24.y
cmov_logical r24.x___, r24.x, l4.x, r22.x
iadd r23.x___, r7.x, r24.x
;@ <source>:15:5
lds_read_add_id(1) r25.x___, r23.x, l8.x
;@ <source>:16:17
mov r26.x___, l0.x
;@ <source>:16:5
lds_read_add_id(1) r27.x___, r26.x, r20.x
;@ <source>:17:5
uav_read_max_id(1) r28.x___, r6.x, r20.x
;@ <source>:18:21
iadd r29.x___, r5.x, l9.x
;@ <source>:18:5
uav_read_cmp_xchg_id(1) r30.x___, r29.x, l8.x, l0.x
;@ <source>:19:5
fence_threads_lds
;@ <source>:20:9
ilt r31.x___, r8, l1
;@ <source>:20:5
if_logicalnz r31.x
;@ <source>:21:21
imul r32.x___, r8, l1
ilt r34.x___, r8.x, l2.x
ilt r34._y__, l3.x, r8.x
ior r34.x___, r34.x, r34.y
cmov_logical r34.x___, r34.x, l4.x, r32.x
iadd r33.x___, r5.x, r34.x
;@ <source>:21:30
imul r35.x___, r8, l1
ilt r37.x___, r8.x, l2.x
ilt r37._y__, l3.x, r8.x
ior r37.x___, r37.x, r37.y
cmov_logical r37.x___, r37.x, l4.x, r35.x
iadd r36.x___, r7.x, r37.x
lds_load_id(1) r38.x___, r36.x
;@ <source>:21:9
uav_read_add_id(1) r39.x___, r33.x, r38.x
;@ <source>:20:5
endif
ret
endfunc ; count
;ARGSTART:count
;uniqueid:1025
;ARGEND:count
end
*/
