// Functions no kernel calls are not compiled (the finalize pipeline's globaldce): a
// header's inline double helpers may use builtins the generator does not support on
// doubles (here atan2) and a __constant table only they read; neither reaches the IL.
// MCPU: cypress
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__constant double TABLE[4] = {1.0, 2.0, 3.0, 4.0};
inline double carg_helper(double re, double im) { return atan2(im, re) * TABLE[1]; }
inline double twice(double a) { return carg_helper(a, a) + carg_helper(a, 1.0); }
__kernel void k(__global double *o)
{
    o[get_global_id(0)] = 1.5;
}

/* EXPECT:
il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 0x00000000, 0x00000000, 0x00000000, 0x00000000
dcl_literal l1, 0x00000008, 0x00000008, 0x00000008, 0x00000008
dcl_literal l2, 0xF0000000, 0xF0000000, 0xF0000000, 0xF0000000
dcl_literal l3, 0x0FFFFFFF, 0x0FFFFFFF, 0x0FFFFFFF, 0x0FFFFFFF
dcl_literal l4, 0x80000000, 0x80000000, 0x80000000, 0x80000000
dcl_literal l5, 0x00000000, 0x3FF80000, 0x00000000, 0x3FF80000
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_k_kernel
dcl_cb cb1[1]
dcl_raw_uav_id(1)
dcl_max_thread_per_group 256
; Kernel arg setup: o
mov r4.x___, cb1[0].x
call 1025 ; k
ret
endfunc ; __OpenCL_k_kernel
;ARGSTART:__OpenCL_k_kernel
;version:2:0:74
;device:cypress
;uniqueid:1024
;pointer:o:double:1:1:0:uav:1:8
;reflection:0:double*
;function:1:1025
;uavid:1
;ARGEND:__OpenCL_k_kernel
func 1025 ; k
;@ <source>:11:7
iadd r6.xyz_, vAbsTid, cb0[6]
mov r5.x___, r6.x
;@ <source>:11:5
imul r7.x___, r5, l1
ilt r9.x___, r5.x, l2.x
ilt r9._y__, l3.x, r5.x
ior r9.x___, r9.x, r9.y
cmov_logical r9.x___, r9.x, l4.x, r7.x
iadd r8.x___, r4.x, r9.x
;@ <source>:11:5
uav_raw_store_id(1) mem0.xy__, r8.x, l5
ret
endfunc ; k
;ARGSTART:k
;uniqueid:1025
;ARGEND:k
end
*/
