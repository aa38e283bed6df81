// OPTIONS: images
// Images are ptr5 handles, samplers i32 CLK_* bits (0x14 = CLAMP | NEAREST; 0x27 =
// NORMALIZED | REPEAT | LINEAR; 0x10, a read without sampler, NONE | NEAREST);
// coordinates are widened to four lanes with zeros.
const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void k(__read_only image2d_t src, __write_only image3d_t dst, sampler_t s2,
                read_only image1d_array_t arr, __global int *o)
{
    const sampler_t ks = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
    float4 a = read_imagef(src, smp, (int2)(1, 2));
    float4 b = read_imagef(src, ks, (float2)(0.5f, 0.25f));
    uint4 c = read_imageui(src, (int2)(3, 4));
    int4 d = read_imagei(arr, s2, (float2)(1.5f, 1.0f));
    write_imagef(dst, (int4)(1, 2, 3, 0), a + b);
    int4 dim = get_image_dim(dst);
    o[0] = get_image_width(src) + get_image_height(src) + get_image_depth(dst)
         + get_image_channel_order(src) + get_image_channel_data_type(arr)
         + (int)get_image_array_size(arr) + dim.z + (int)c.x + d.y;
    o[1] = CLK_RGBA + CLK_UNORM_INT8;
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
global @smp: i32 addrspace(2) align 4 constant = bytes(14000000)
global @k.ks: i32 addrspace(2) align 4 constant = bytes(27000000)
declare @__kauai_read_imagef_icoord(ptr5, i32, v4i32) -> v4f32
declare @__kauai_read_imagef(ptr5, i32, v4f32) -> v4f32
declare @__kauai_read_imageui_icoord(ptr5, i32, v4i32) -> v4i32
declare @__kauai_read_imagei(ptr5, i32, v4f32) -> v4i32
declare @__kauai_write_imagef(ptr5, v4i32, v4f32) -> void
declare @__kauai_get_image_width(ptr5) -> i32
declare @__kauai_get_image_height(ptr5) -> i32
declare @__kauai_get_image_depth(ptr5) -> i32
declare @__kauai_get_image_channel_order(ptr5) -> i32
declare @__kauai_get_image_channel_data_type(ptr5) -> i32
declare @__kauai_get_image_array_size(ptr5) -> i32
function @k(ptr5 "src", ptr5 "dst", i32 "s2", ptr5 "arr", ptr1 "o") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("read_only", "write_only", "none", "read_only", "none") !kernel_arg_addr_space("global", "global", "private", "global", "global") !kernel_arg_type("image2d_t", "image3d_t", "sampler_t", "image1d_array_t", "int*") !kernel_arg_type_qual("", "", "", "", "") {
block0(v0: ptr5, v1: ptr5, v2: i32, v3: ptr5, v4: ptr1):
    v5 = alloca.ptr0 ptr5 align 8
    v6 = alloca.ptr0 ptr5 align 8
    v7 = alloca.ptr0 i32 align 4
    v8 = alloca.ptr0 ptr5 align 8
    v9 = alloca.ptr0 ptr1 align 8
    v10 = alloca.ptr0 v4f32 align 16
    v20 = alloca.ptr0 v4f32 align 16
    v30 = alloca.ptr0 v4i32 align 16
    v39 = alloca.ptr0 v4i32 align 16
    v57 = alloca.ptr0 v4i32 align 16
    store v5, v0 align 8
    store v6, v1 align 8
    store v7, v2 align 4
    store v8, v3 align 8
    store v9, v4 align 8
    v11 = load.ptr5 v5 align 8
    v12 = global_addr.ptr2 @smp
    v13 = load.i32 v12 align 4
    v14 = const.i32 1
    v15 = const.i32 2
    v16 = const.v2i32 [1, 2]
    v17 = const.v2i32 zero
    v18 = shuffle.v4i32 v16, v17, [0, 1, 2, 2]
    v19 = call.v4f32 @__kauai_read_imagef_icoord(v11, v13, v18)
    store v10, v19 align 16
    v21 = load.ptr5 v5 align 8
    v22 = global_addr.ptr2 @k.ks
    v23 = load.i32 v22 align 4
    v24 = const.f32 0.5
    v25 = const.f32 0.25
    v26 = const.v2f32 [0.5, 0.25]
    v27 = const.v2f32 zero
    v28 = shuffle.v4f32 v26, v27, [0, 1, 2, 2]
    v29 = call.v4f32 @__kauai_read_imagef(v21, v23, v28)
    store v20, v29 align 16
    v31 = load.ptr5 v5 align 8
    v32 = const.i32 3
    v33 = const.i32 4
    v34 = const.v2i32 [3, 4]
    v35 = const.i32 16
    v36 = const.v2i32 zero
    v37 = shuffle.v4i32 v34, v36, [0, 1, 2, 2]
    v38 = call.v4i32 @__kauai_read_imageui_icoord(v31, v35, v37)
    store v30, v38 align 16
    v40 = load.ptr5 v8 align 8
    v41 = load.i32 v7 align 4
    v42 = const.f32 1.5
    v43 = const.f32 1.0
    v44 = const.v2f32 [1.5, 1.0]
    v45 = const.v2f32 zero
    v46 = shuffle.v4f32 v44, v45, [0, 1, 2, 2]
    v47 = call.v4i32 @__kauai_read_imagei(v40, v41, v46)
    store v39, v47 align 16
    v48 = load.ptr5 v6 align 8
    v49 = const.i32 1
    v50 = const.i32 2
    v51 = const.i32 3
    v52 = const.i32 0
    v53 = const.v4i32 [1, 2, 3, 0]
    v54 = load.v4f32 v10 align 16
    v55 = load.v4f32 v20 align 16
    v56 = fadd.v4f32 v54, v55
    call @__kauai_write_imagef(v48, v53, v56)
    v58 = load.ptr5 v6 align 8
    v59 = call.i32 @__kauai_get_image_width(v58)
    v60 = call.i32 @__kauai_get_image_height(v58)
    v61 = const.v4i32 zero
    v62 = insert.v4i32 v61, v59, 0
    v63 = insert.v4i32 v62, v60, 1
    v64 = call.i32 @__kauai_get_image_depth(v58)
    v65 = insert.v4i32 v63, v64, 2
    store v57, v65 align 16
    v66 = load.ptr1 v9 align 8
    v67 = const.i32 0
    v68 = const.i64 0
    v69 = const.i64 0
    v70 = ptradd.ptr1 v66, v69
    v71 = load.ptr5 v5 align 8
    v72 = call.i32 @__kauai_get_image_width(v71)
    v73 = load.ptr5 v5 align 8
    v74 = call.i32 @__kauai_get_image_height(v73)
    v75 = iadd.i32 v72, v74
    v76 = load.ptr5 v6 align 8
    v77 = call.i32 @__kauai_get_image_depth(v76)
    v78 = iadd.i32 v75, v77
    v79 = load.ptr5 v5 align 8
    v80 = call.i32 @__kauai_get_image_channel_order(v79)
    v81 = iadd.i32 v78, v80
    v82 = load.ptr5 v8 align 8
    v83 = call.i32 @__kauai_get_image_channel_data_type(v82)
    v84 = iadd.i32 v81, v83
    v85 = load.ptr5 v8 align 8
    v86 = call.i32 @__kauai_get_image_array_size(v85)
    v87 = zext.i64 v86
    v88 = trunc.i32 v87
    v89 = iadd.i32 v84, v88
    v90 = load.v4i32 v57 align 16
    v91 = extract.i32 v90, 2
    v92 = iadd.i32 v89, v91
    v93 = load.v4i32 v30 align 16
    v94 = extract.i32 v93, 0
    v95 = iadd.i32 v92, v94
    v96 = load.v4i32 v39 align 16
    v97 = extract.i32 v96, 1
    v98 = iadd.i32 v95, v97
    store v70, v98 align 4
    v99 = load.ptr1 v9 align 8
    v100 = const.i32 1
    v101 = const.i64 1
    v102 = const.i64 4
    v103 = ptradd.ptr1 v99, v102
    v104 = const.i32 4277
    v105 = const.i32 4306
    v106 = iadd.i32 v104, v105
    store v103, v106 align 4
    return
}
*/
