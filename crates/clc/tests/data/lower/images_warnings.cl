// OPTIONS: images
// Reads OpenCL 1.2 leaves undefined with a sampler known at compile time are warned
// about, as clang warns: integer reads with linear filtering, and integer coordinates
// with a normalized, linear or repeating sampler. A sampler argument is not known.
const sampler_t lin = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
const sampler_t rep = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;

__kernel void k(read_only image2d_t img, sampler_t s, __global uint4 *o)
{
    o[0] = read_imageui(img, lin, (float2)(0.5f, 0.5f));
    o[1] = read_imageui(img, rep, (int2)(0, 0));
    o[2] = read_imageui(img, CLK_FILTER_LINEAR, (int2)(0, 0));
    o[3] = read_imageui(img, s, (int2)(0, 0));
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
global @lin: i32 addrspace(2) align 4 constant = bytes(24000000)
global @rep: i32 addrspace(2) align 4 constant = bytes(17000000)
declare @__kauai_read_imageui(ptr5, i32, v4f32) -> v4i32
declare @__kauai_read_imageui_icoord(ptr5, i32, v4i32) -> v4i32
function @k(ptr5 "img", i32 "s", ptr1 "o") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("read_only", "none", "none") !kernel_arg_addr_space("global", "private", "global") !kernel_arg_type("image2d_t", "sampler_t", "uint4*") !kernel_arg_type_qual("", "", "") {
block0(v0: ptr5, v1: i32, v2: ptr1):
    v3 = alloca.ptr0 ptr5 align 8
    v4 = alloca.ptr0 i32 align 4
    v5 = alloca.ptr0 ptr1 align 8
    store v3, v0 align 8
    store v4, v1 align 4
    store v5, v2 align 8
    v6 = load.ptr1 v5 align 8
    v7 = const.i32 0
    v8 = const.i64 0
    v9 = const.i64 0
    v10 = ptradd.ptr1 v6, v9
    v11 = load.ptr5 v3 align 8
    v12 = global_addr.ptr2 @lin
    v13 = load.i32 v12 align 4
    v14 = const.f32 0.5
    v15 = const.f32 0.5
    v16 = const.v2f32 [0.5, 0.5]
    v17 = const.v2f32 zero
    v18 = shuffle.v4f32 v16, v17, [0, 1, 2, 2]
    v19 = call.v4i32 @__kauai_read_imageui(v11, v13, v18)
    store v10, v19 align 16
    v20 = load.ptr1 v5 align 8
    v21 = const.i32 1
    v22 = const.i64 1
    v23 = const.i64 16
    v24 = ptradd.ptr1 v20, v23
    v25 = load.ptr5 v3 align 8
    v26 = global_addr.ptr2 @rep
    v27 = load.i32 v26 align 4
    v28 = const.i32 0
    v29 = const.i32 0
    v30 = const.v2i32 [0, 0]
    v31 = const.v2i32 zero
    v32 = shuffle.v4i32 v30, v31, [0, 1, 2, 2]
    v33 = call.v4i32 @__kauai_read_imageui_icoord(v25, v27, v32)
    store v24, v33 align 16
    v34 = load.ptr1 v5 align 8
    v35 = const.i32 2
    v36 = const.i64 2
    v37 = const.i64 32
    v38 = ptradd.ptr1 v34, v37
    v39 = load.ptr5 v3 align 8
    v40 = const.i32 32
    v41 = const.i32 0
    v42 = const.i32 0
    v43 = const.v2i32 [0, 0]
    v44 = const.i32 32
    v45 = const.v2i32 zero
    v46 = shuffle.v4i32 v43, v45, [0, 1, 2, 2]
    v47 = call.v4i32 @__kauai_read_imageui_icoord(v39, v44, v46)
    store v38, v47 align 16
    v48 = load.ptr1 v5 align 8
    v49 = const.i32 3
    v50 = const.i64 3
    v51 = const.i64 48
    v52 = ptradd.ptr1 v48, v51
    v53 = load.ptr5 v3 align 8
    v54 = load.i32 v4 align 4
    v55 = const.i32 0
    v56 = const.i32 0
    v57 = const.v2i32 [0, 0]
    v58 = const.v2i32 zero
    v59 = shuffle.v4i32 v57, v58, [0, 1, 2, 2]
    v60 = call.v4i32 @__kauai_read_imageui_icoord(v53, v54, v59)
    store v52, v60 align 16
    return
}
--- warnings
warning: `read_imageui` sampler must use CLK_FILTER_NEAREST
   ┌─ images_warnings.cl:10:30
   │
10 │     o[0] = read_imageui(img, lin, (float2)(0.5f, 0.5f));
   │                              ^^^ linear filtering of integer images is undefined

warning: `read_imageui` with integer coordinates needs an unnormalized, nearest sampler with CLAMP_TO_EDGE, CLAMP or NONE addressing
   ┌─ images_warnings.cl:11:30
   │
11 │     o[1] = read_imageui(img, rep, (int2)(0, 0));
   │                              ^^^ the result is undefined with this sampler

warning: `read_imageui` sampler must use CLK_FILTER_NEAREST
   ┌─ images_warnings.cl:12:30
   │
12 │     o[2] = read_imageui(img, CLK_FILTER_LINEAR, (int2)(0, 0));
   │                              ^^^^^^^^^^^^^^^^^ linear filtering of integer images is undefined

*/
