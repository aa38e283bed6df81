// 7XX: no hardware LDS, so __local memory (a kernel-scope array and a __local pointer
// argument) lives in the emulated local ring (r2 = group slot, ;memory:local), and the
// barrier's local fence becomes a memory fence.
// MCPU: rv770
__kernel void reduce(__global const int *in, __global int *out, __local int *tmp)
{
    __local int first[1];
    int l = get_local_id(0);
    tmp[l] = in[get_global_id(0)];
    if (l == 0)
        first[0] = tmp[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (l < s)
            tmp[l] += tmp[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        out[get_group_id(0)] = tmp[0] - first[0];
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
dcl_literal l7, 0x00000001, 0x00000001, 0x00000001, 0x00000001
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_reduce_kernel
dcl_cb cb1[3]
dcl_raw_uav_id(1)
dcl_max_thread_per_group 256
imad r2.x___, vThreadGrpIdFlat.x, cb0[4].y, cb0[4].x
; Kernel arg setup: in
mov r4.x___, cb1[0].x
; Kernel arg setup: out
mov r5.x___, cb1[1].x
; Kernel arg setup: tmp
iadd r6.x___, cb1[2].x, r2.x
call 1025 ; reduce
ret
endfunc ; __OpenCL_reduce_kernel
;ARGSTART:__OpenCL_reduce_kernel
;version:2:0:74
;device:rv770
;uniqueid:1024
;memory:local:4
;pointer:in:i32:1:1:0:uav:1:4
;pointer:out:i32:1:1:16:uav:1:4
;pointer:tmp:i32:1:1:32:l:1:4
;reflection:0:int*
;reflection:1:int*
;reflection:2:int*
;function:1:1025
;uavid:1
;ARGEND:__OpenCL_reduce_kernel
func 1025 ; reduce
;@ <source>:8:13
mov r7.x___, vTidInGrp.x
;@ <source>:9:5
imul r8.x___, r7, l1
ilt r10.x___, r7.x, l2.x
ilt r10._y__, l3.x, r7.x
ior r10.x___, r10.x, r10.y
cmov_logical r10.x___, r10.x, l4.x, r8.x
iadd r9.x___, r6.x, r10.x
;@ <source>:9:17
umod r13.x___, vThreadGrpIdFlat.x, cb0[2].x
udiv r13.__z_, vThreadGrpIdFlat.x, cb0[2].x
umod r13._y__, r13.z, cb0[2].y
udiv r13.__z_, r13.z, cb0[2].y
imad r12.xyz_, r13, cb0[1], vTidInGrp
iadd r12.xyz_, r12, cb0[6]
mov r11.x___, r12.x
;@ <source>:9:14
imul r14.x___, r11, l1
ilt r16.x___, r11.x, l2.x
ilt r16._y__, l3.x, r11.x
ior r16.x___, r16.x, r16.y
cmov_logical r16.x___, r16.x, l4.x, r14.x
iadd r15.x___, r4.x, r16.x
uav_raw_load_id(1) r17.x___, r15.x
;@ <source>:9:5
uav_raw_store_id(1) mem0.x___, r9.x, r17
;@ <source>:10:9
ieq r18.x___, r7, l0
;@ <source>:10:5
if_logicalnz r18.x
;@ <source>:11:9
iadd r19.x___, r2.x, l0.x
;@ <source>:11:20
uav_raw_load_id(1) r20.x___, r6.x
;@ <source>:11:9
uav_raw_store_id(1) mem0.x___, r19.x, r20
;@ <source>:10:5
endif
;@ <source>:12:5
fence_threads_memory
;@ <source>:13:18
mov r21.x___, cb0[1].x
udiv r22.x___, r21, l5
;@ <source>:13:5
mov r23.x___, r22
whileloop
;@ <source>:13:41
ilt r24.x___, l0, r23
;@ <source>:13:5
break_logicalz r24.x
;@ <source>:14:13
ilt r25.x___, r7, r23
;@ <source>:14:9
if_logicalnz r25.x
;@ <source>:15:13
imul r26.x___, r7, l1
ilt r28.x___, r7.x, l2.x
ilt r28._y__, l3.x, r7.x
ior r28.x___, r28.x, r28.y
cmov_logical r28.x___, r28.x, l4.x, r26.x
iadd r27.x___, r6.x, r28.x
uav_raw_load_id(1) r29.x___, r27.x
;@ <source>:15:27
iadd r30.x___, r7, r23
;@ <source>:15:23
imul r31.x___, r30, l1
ilt r33.x___, r30.x, l2.x
ilt r33._y__, l3.x, r30.x
ior r33.x___, r33.x, r33.y
cmov_logical r33.x___, r33.x, l4.x, r31.x
iadd r32.x___, r6.x, r33.x
uav_raw_load_id(1) r34.x___, r32.x
;@ <source>:15:13
iadd r35.x___, r29, r34
uav_raw_store_id(1) mem0.x___, r27.x, r35
;@ <source>:14:9
endif
;@ <source>:16:9
fence_threads_memory
;@ <source>:13:48
ishr r36.x___, r23, l7
;@ <source>:13:5
mov r23.x___, r36
endloop
;@ <source>:18:9
ieq r37.x___, r7, l0
;@ <source>:18:5
if_logicalnz r37.x
;@ <source>:19:13
umod r39.x___, vThreadGrpIdFlat.x, cb0[2].x
udiv r39.__z_, vThreadGrpIdFlat.x, cb0[2].x
umod r39._y__, r39.z, cb0[2].y
udiv r39.__z_, r39.z, cb0[2].y
iadd r40.xyz_, r39, cb0[7]
mov r38.x___, r40.x
;@ <source>:19:9
imul r41.x___, r38, l1
ilt r43.x___, r38.x, l2.x
ilt r43._y__, l3.x, r38.x
ior r43.x___, r43.x, r43.y
cmov_logical r43.x___, r43.x, l4.x, r41.x
iadd r42.x___, r5.x, r43.x
;@ <source>:19:32
uav_raw_load_id(1) r44.x___, r6.x
;@ <source>:19:41
iadd r45.x___, r2.x, l0.x
uav_raw_load_id(1) r46.x___, r45.x
;@ <source>:19:32
inegate r48.x___, r46
iadd r47.x___, r44, r48
;@ <source>:19:9
uav_raw_store_id(1) mem0.x___, r42.x, r47
;@ <source>:18:5
endif
ret
endfunc ; reduce
;ARGSTART:reduce
;uniqueid:1025
;ARGEND:reduce
end
*/
