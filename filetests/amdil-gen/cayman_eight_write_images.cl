// Eight write-only images take UAVs 1-8 (seed 000: "1-8 if 8 write_only images exist"),
// so no raw UAV is declared and there is no `;uavid:` line; the kernel may not reach
// global memory (crates/amdil-gen/tests/it/metadata.rs checks that refusal).
// MCPU: cayman
__kernel void fill(__write_only image2d_t a, __write_only image2d_t b, __write_only image2d_t c,
                   __write_only image2d_t d, __write_only image2d_t e, __write_only image2d_t f,
                   __write_only image2d_t g, __write_only image2d_t h, int v)
{
    int2 p = (int2)(get_global_id(0), 0);
    write_imagei(a, p, (int4)(v));
    write_imagei(b, p, (int4)(v + 1));
    write_imagei(c, p, (int4)(v + 2));
    write_imagei(d, p, (int4)(v + 3));
    write_imagei(e, p, (int4)(v + 4));
    write_imagei(f, p, (int4)(v + 5));
    write_imagei(g, p, (int4)(v + 6));
    write_imagei(h, p, (int4)(v + 7));
}

/* EXPECT:
il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 0x00000000, 0x00000000, 0x00000000, 0x00000000
dcl_literal l1, 0x00000001, 0x00000001, 0x00000001, 0x00000001
dcl_literal l2, 0x00000002, 0x00000002, 0x00000002, 0x00000002
dcl_literal l3, 0x00000003, 0x00000003, 0x00000003, 0x00000003
dcl_literal l4, 0x00000004, 0x00000004, 0x00000004, 0x00000004
dcl_literal l5, 0x00000005, 0x00000005, 0x00000005, 0x00000005
dcl_literal l6, 0x00000006, 0x00000006, 0x00000006, 0x00000006
dcl_literal l7, 0x00000007, 0x00000007, 0x00000007, 0x00000007
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_fill_kernel
dcl_cb cb1[17]
dcl_uav_id(1)_type(2d)_fmtx(uint)
dcl_uav_id(2)_type(2d)_fmtx(uint)
dcl_uav_id(3)_type(2d)_fmtx(uint)
dcl_uav_id(4)_type(2d)_fmtx(uint)
dcl_uav_id(5)_type(2d)_fmtx(uint)
dcl_uav_id(6)_type(2d)_fmtx(uint)
dcl_uav_id(7)_type(2d)_fmtx(uint)
dcl_uav_id(8)_type(2d)_fmtx(uint)
dcl_max_thread_per_group 256
; Kernel arg setup: a
; Kernel arg setup: b
; Kernel arg setup: c
; Kernel arg setup: d
; Kernel arg setup: e
; Kernel arg setup: f
; Kernel arg setup: g
; Kernel arg setup: h
; Kernel arg setup: v
mov r12.x___, cb1[16]
call 1025 ; fill
ret
endfunc ; __OpenCL_fill_kernel
;ARGSTART:__OpenCL_fill_kernel
;version:2:0:74
;device:cayman
;uniqueid:1024
;image:a:2D:WO:1:1:0
;image:b:2D:WO:2:1:32
;image:c:2D:WO:3:1:64
;image:d:2D:WO:4:1:96
;image:e:2D:WO:5:1:128
;image:f:2D:WO:6:1:160
;image:g:2D:WO:7:1:192
;image:h:2D:WO:8:1:224
;value:v:i32:1:1:256
;reflection:0:image2d_t
;reflection:1:image2d_t
;reflection:2:image2d_t
;reflection:3:image2d_t
;reflection:4:image2d_t
;reflection:5:image2d_t
;reflection:6:image2d_t
;reflection:7:image2d_t
;reflection:8:int
;function:1:1025
;ARGEND:__OpenCL_fill_kernel
func 1025 ; fill
;@ <source>:9:21
iadd r14.xyz_, vAbsTid, cb0[6]
mov r13.x___, r14.x
;@ <source>:9:14
mov r15.xy__, l0
mov r15.x___, r13.x
mov r16.xy__, r15
mov r16._y__, l0.x
;@ <source>:10:24
mov r17.xyzw, r12.x
;@ <source>:10:5
mov r18.xy__, r16.xyxx
mov r18.__zw, l0.xxxx
uav_store_id(1) r18.xyzw, r17.xyzw
;@ <source>:11:31
iadd r19.x___, r12, l1
;@ <source>:11:24
mov r20.xyzw, r19.x
;@ <source>:11:5
mov r21.xy__, r16.xyxx
mov r21.__zw, l0.xxxx
uav_store_id(2) r21.xyzw, r20.xyzw
;@ <source>:12:31
iadd r22.x___, r12, l2
;@ <source>:12:24
mov r23.xyzw, r22.x
;@ <source>:12:5
mov r24.xy__, r16.xyxx
mov r24.__zw, l0.xxxx
uav_store_id(3) r24.xyzw, r23.xyzw
;@ <source>:13:31
iadd r25.x___, r12, l3
;@ <source>:13:24
mov r26.xyzw, r25.x
;@ <source>:13:5
mov r27.xy__, r16.xyxx
mov r27.__zw, l0.xxxx
uav_store_id(4) r27.xyzw, r26.xyzw
;@ <source>:14:31
iadd r28.x___, r12, l4
;@ <source>:14:24
mov r29.xyzw, r28.x
;@ <source>:14:5
mov r30.xy__, r16.xyxx
mov r30.__zw, l0.xxxx
uav_store_id(5) r30.xyzw, r29.xyzw
;@ <source>:15:31
iadd r31.x___, r12, l5
;@ <source>:15:24
mov r32.xyzw, r31.x
;@ <source>:15:5
mov r33.xy__, r16.xyxx
mov r33.__zw, l0.xxxx
uav_store_id(6) r33.xyzw, r32.xyzw
;@ <source>:16:31
iadd r34.x___, r12, l6
;@ <source>:16:24
mov r35.xyzw, r34.x
;@ <source>:16:5
mov r36.xy__, r16.xyxx
mov r36.__zw, l0.xxxx
uav_store_id(7) r36.xyzw, r35.xyzw
;@ <source>:17:31
iadd r37.x___, r12, l7
;@ <source>:17:24
mov r38.xyzw, r37.x
;@ <source>:17:5
mov r39.xy__, r16.xyxx
mov r39.__zw, l0.xxxx
uav_store_id(8) r39.xyzw, r38.xyzw
ret
endfunc ; fill
;ARGSTART:fill
;uniqueid:1025
;ARGEND:fill
end
*/
