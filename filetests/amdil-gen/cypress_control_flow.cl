// Structured flow control: a loop with break and continue, a switch with a shared arm,
// and a nested loop whose early exit leaves both loops (the pending-branch register).
// MCPU: cypress
__kernel void flow(__global int *out, int n)
{
    int acc = 0;
    for (int i = 0; i < n; i++) {
        if (i == 3)
            continue;
        if (acc > 100)
            break;
        switch (i & 3) {
        case 0:
        case 1:
            acc += i;
            break;
        case 2:
            acc -= 1;
            break;
        default:
            acc *= 2;
        }
    }
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            if (a * b == 12)
                goto done;
    acc = -acc;
done:
    out[get_global_id(0)] = acc;
}

/* EXPECT:
il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 0x00000000, 0x00000000, 0x00000000, 0x00000000
dcl_literal l1, 0x00000003, 0x00000003, 0x00000003, 0x00000003
dcl_literal l2, 0x00000064, 0x00000064, 0x00000064, 0x00000064
dcl_literal l3, 0x00000001, 0x00000001, 0x00000001, 0x00000001
dcl_literal l4, 0x0000001F, 0x0000001F, 0x0000001F, 0x0000001F
dcl_literal l5, 0x00000001, 0x00000000, 0x00000001, 0x00000000
dcl_literal l6, 0x00000002, 0x00000000, 0x00000002, 0x00000000
dcl_literal l7, 0x00000002, 0x00000002, 0x00000002, 0x00000002
dcl_literal l8, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF
dcl_literal l9, 0x0000000C, 0x0000000C, 0x0000000C, 0x0000000C
dcl_literal l10, 0x00000004, 0x00000004, 0x00000004, 0x00000004
dcl_literal l11, 0xE0000000, 0xE0000000, 0xE0000000, 0xE0000000
dcl_literal l12, 0x1FFFFFFF, 0x1FFFFFFF, 0x1FFFFFFF, 0x1FFFFFFF
dcl_literal l13, 0x80000000, 0x80000000, 0x80000000, 0x80000000
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_flow_kernel
dcl_cb cb1[2]
dcl_raw_uav_id(1)
dcl_max_thread_per_group 256
; Kernel arg setup: out
mov r4.x___, cb1[0].x
; Kernel arg setup: n
mov r5.x___, cb1[1]
call 1025 ; flow
ret
endfunc ; __OpenCL_flow_kernel
;ARGSTART:__OpenCL_flow_kernel
;version:2:0:74
;device:cypress
;uniqueid:1024
;pointer:out:i32:1:1:0:uav:1:4
;value:n:i32:1:1:16
;reflection:0:int*
;reflection:1:int
;function:1:1025
;uavid:1
;ARGEND:__OpenCL_flow_kernel
func 1025 ; flow
mov r3.x___, l0.x
;@ <source>:7:5
mov r6.x___, l0
mov r7.x___, l0
whileloop
;@ <source>:7:21
ilt r8.x___, r7, r5
;@ <source>:7:5
break_logicalz r8.x
whileloop
;@ <source>:8:13
ieq r9.x___, r7, l1
;@ <source>:8:9
if_logicalnz r9.x
mov r10.x___, r6
else
;@ <source>:10:13
ilt r11.x___, l2, r6
;@ <source>:10:9
if_logicalnz r11.x
mov r3.x___, l3.x
break
else
;@ <source>:12:17
iand r12.x___, r7, l1
;@ <source>:12:9
mov r13.x___, r12.x
ishr r13._y__, r12.x, l4.x
mov r14.x___, l0.x
i64eq r15.xy__, r13.xyxy, l0
cmov_logical r14.x___, r15.x, l3.x, r14.x
i64eq r16.xy__, r13.xyxy, l5
cmov_logical r14.x___, r16.x, l3.x, r14.x
i64eq r17.xy__, r13.xyxy, l6
cmov_logical r14.x___, r17.x, l7.x, r14.x
switch r14.x
case 1
break
case 2
;@ <source>:18:13
iadd r18.x___, r6, l8
;@ <source>:19:13
mov r10.x___, r18
mov r3.x___, l7.x
break
default
;@ <source>:21:13
imul r19.x___, r6, l7
;@ <source>:12:9
mov r10.x___, r19
mov r3.x___, l7.x
break
endswitch
ieq r20.x___, r3.x, l7.x
if_logicalnz r20.x
mov r3.x___, l0.x
break
endif
;@ <source>:15:13
iadd r21.x___, r6, r7
;@ <source>:16:13
mov r10.x___, r21
endif
endif
break
endloop
ieq r22.x___, r3.x, l3.x
if_logicalnz r22.x
mov r3.x___, l0.x
break
endif
;@ <source>:7:28
iadd r23.x___, r7, l3
;@ <source>:7:5
mov r6.x___, r10
mov r7.x___, r23
endloop
;@ <source>:24:5
mov r24.x___, l0
whileloop
whileloop
;@ <source>:24:21
ilt r25.x___, r24, r5
;@ <source>:24:5
break_logicalz r25.x
;@ <source>:25:9
mov r26.x___, l0
whileloop
;@ <source>:25:25
ilt r27.x___, r26, r5
;@ <source>:25:9
break_logicalz r27.x
;@ <source>:26:17
imul r28.x___, r24, r26
;@ <source>:26:17
ieq r29.x___, r28, l9
;@ <source>:26:13
if_logicalnz r29.x
mov r30.x___, r6
mov r3.x___, l1.x
break
else
;@ <source>:25:32
iadd r31.x___, r26, l3
;@ <source>:25:9
mov r26.x___, r31
endif
endloop
break_logicalnz r3.x
;@ <source>:24:28
iadd r32.x___, r24, l3
;@ <source>:24:5
mov r24.x___, r32
endloop
ieq r33.x___, r3.x, l1.x
if_logicalnz r33.x
mov r3.x___, l0.x
break
endif
;@ <source>:28:11
inegate r34.x___, r6
;@ <source>:29:1
mov r30.x___, r34
break
endloop
;@ <source>:30:9
iadd r36.xyz_, vAbsTid, cb0[6]
mov r35.x___, r36.x
;@ <source>:30:5
imul r37.x___, r35, l10
ilt r39.x___, r35.x, l11.x
ilt r39._y__, l12.x, r35.x
ior r39.x___, r39.x, r39.y
cmov_logical r39.x___, r39.x, l13.x, r37.x
iadd r38.x___, r4.x, r39.x
uav_raw_store_id(1) mem0.x___, r38.x, r30
ret
endfunc ; flow
;ARGSTART:flow
;uniqueid:1025
;ARGEND:flow
end
*/
