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
dcl_literal l2, 0x00000002, 0x00000002, 0x00000002, 0x00000002
dcl_literal l3, 0x00000110, 0x00000110, 0x00000110, 0x00000110
dcl_literal l4, 0x00000001, 0x00000001, 0x00000001, 0x00000001
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
mov r7.x___, vTidInGrp.x
imul r8.x___, r7, l1
iadd r9.x___, r6.x, r8.x
umod r12.x___, vThreadGrpIdFlat.x, cb0[2].x
udiv r12.__z_, vThreadGrpIdFlat.x, cb0[2].x
umod r12._y__, r12.z, cb0[2].y
udiv r12.__z_, r12.z, cb0[2].y
imad r11.xyz_, r12, cb0[1], vTidInGrp
iadd r11.xyz_, r11, cb0[6]
mov r10.x___, r11.x
imul r13.x___, r10, l1
iadd r14.x___, r4.x, r13.x
uav_raw_load_id(1) r15.x___, r14.x
uav_raw_store_id(1) mem0.x___, r9.x, r15
ieq r16.x___, r7, l0
if_logicalnz r16.x
iadd r17.x___, r2.x, l0.x
uav_raw_load_id(1) r18.x___, r6.x
uav_raw_store_id(1) mem0.x___, r17.x, r18
endif
fence_threads_memory
mov r19.x___, cb0[1].x
udiv r20.x___, r19, l2
mov r21.x___, r20
whileloop
ilt r22.x___, l0, r21
break_logicalz r22.x
ilt r23.x___, r7, r21
if_logicalnz r23.x
imul r24.x___, r7, l1
iadd r25.x___, r6.x, r24.x
uav_raw_load_id(1) r26.x___, r25.x
iadd r27.x___, r7, r21
imul r28.x___, r27, l1
iadd r29.x___, r6.x, r28.x
uav_raw_load_id(1) r30.x___, r29.x
iadd r31.x___, r26, r30
uav_raw_store_id(1) mem0.x___, r25.x, r31
endif
fence_threads_memory
ishr r32.x___, r21, l4
mov r21.x___, r32
endloop
ieq r33.x___, r7, l0
if_logicalnz r33.x
umod r35.x___, vThreadGrpIdFlat.x, cb0[2].x
udiv r35.__z_, vThreadGrpIdFlat.x, cb0[2].x
umod r35._y__, r35.z, cb0[2].y
udiv r35.__z_, r35.z, cb0[2].y
iadd r36.xyz_, r35, cb0[7]
mov r34.x___, r36.x
imul r37.x___, r34, l1
iadd r38.x___, r5.x, r37.x
uav_raw_load_id(1) r39.x___, r6.x
iadd r40.x___, r2.x, l0.x
uav_raw_load_id(1) r41.x___, r40.x
inegate r43.x___, r41
iadd r42.x___, r39, r43
uav_raw_store_id(1) mem0.x___, r38.x, r42
endif
ret
endfunc ; reduce
;ARGSTART:reduce
;uniqueid:1025
;ARGEND:reduce
end
*/
