// Structs in global memory, a struct local with a designated initializer, struct
// assignment (byte copy) and a struct passed by value to a helper.
typedef struct {
    int id;
    float3 pos;
    char tag;
} Item;

float weight(Item it)
{
    return it.pos.x * (float)it.id;
}

__kernel void k(__global Item *items, __global float *out)
{
    Item local_copy = {.id = 7, .tag = 'a'};
    local_copy = items[1];
    items[0].pos.y = 2.0f;
    out[0] = weight(local_copy) + items->tag;
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
type %Item = struct { i32, v3f32, i8 }
function @weight(ptr0 byval(%Item) "it") -> f32 {
block0(v0: ptr0):
    v1 = const.i64 16
    v2 = ptradd.ptr0 v0, v1
    v3 = load.v3f32 v2 align 16
    v4 = extract.f32 v3, 0
    v5 = load.i32 v0 align 4
    v6 = sitofp.f32 v5
    v7 = fmul.f32 v4, v6
    return v7
}
function @k(ptr1 "items", ptr1 "out") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none") !kernel_arg_addr_space("global", "global") !kernel_arg_type("Item*", "float*") !kernel_arg_type_qual("", "") {
block0(v0: ptr1, v1: ptr1):
    v2 = alloca.ptr0 ptr1 align 8
    v3 = alloca.ptr0 ptr1 align 8
    v4 = alloca.ptr0 %Item align 16
    v72 = alloca.ptr0 %Item align 16
    store v2, v0 align 8
    store v3, v1 align 8
    v5 = const.i64 0
    v6 = ptradd.ptr0 v4, v5
    v7 = const.i64 zero
    store v6, v7 align 8
    v8 = const.i64 8
    v9 = ptradd.ptr0 v4, v8
    v10 = const.i64 zero
    store v9, v10 align 8
    v11 = const.i64 16
    v12 = ptradd.ptr0 v4, v11
    v13 = const.i64 zero
    store v12, v13 align 8
    v14 = const.i64 24
    v15 = ptradd.ptr0 v4, v14
    v16 = const.i64 zero
    store v15, v16 align 8
    v17 = const.i64 32
    v18 = ptradd.ptr0 v4, v17
    v19 = const.i64 zero
    store v18, v19 align 8
    v20 = const.i64 40
    v21 = ptradd.ptr0 v4, v20
    v22 = const.i64 zero
    store v21, v22 align 8
    v23 = const.i32 7
    store v4, v23 align 4
    v24 = const.i64 32
    v25 = ptradd.ptr0 v4, v24
    v26 = const.i32 97
    v27 = const.i8 97
    store v25, v27 align 1
    v28 = load.ptr1 v2 align 8
    v29 = const.i32 1
    v30 = const.i64 1
    v31 = const.i64 48
    v32 = ptradd.ptr1 v28, v31
    v33 = const.i64 0
    v34 = ptradd.ptr0 v4, v33
    v35 = ptradd.ptr1 v32, v33
    v36 = load.i64 v35 align 8
    store v34, v36 align 8
    v37 = const.i64 8
    v38 = ptradd.ptr0 v4, v37
    v39 = ptradd.ptr1 v32, v37
    v40 = load.i64 v39 align 8
    store v38, v40 align 8
    v41 = const.i64 16
    v42 = ptradd.ptr0 v4, v41
    v43 = ptradd.ptr1 v32, v41
    v44 = load.i64 v43 align 8
    store v42, v44 align 8
    v45 = const.i64 24
    v46 = ptradd.ptr0 v4, v45
    v47 = ptradd.ptr1 v32, v45
    v48 = load.i64 v47 align 8
    store v46, v48 align 8
    v49 = const.i64 32
    v50 = ptradd.ptr0 v4, v49
    v51 = ptradd.ptr1 v32, v49
    v52 = load.i64 v51 align 8
    store v50, v52 align 8
    v53 = const.i64 40
    v54 = ptradd.ptr0 v4, v53
    v55 = ptradd.ptr1 v32, v53
    v56 = load.i64 v55 align 8
    store v54, v56 align 8
    v57 = load.ptr1 v2 align 8
    v58 = const.i32 0
    v59 = const.i64 0
    v60 = const.i64 0
    v61 = ptradd.ptr1 v57, v60
    v62 = const.i64 16
    v63 = ptradd.ptr1 v61, v62
    v64 = const.f32 2.0
    v65 = load.v3f32 v63 align 16
    v66 = insert.v3f32 v65, v64, 1
    store v63, v66 align 16
    v67 = load.ptr1 v3 align 8
    v68 = const.i32 0
    v69 = const.i64 0
    v70 = const.i64 0
    v71 = ptradd.ptr1 v67, v70
    v73 = const.i64 0
    v74 = ptradd.ptr0 v72, v73
    v75 = ptradd.ptr0 v4, v73
    v76 = load.i64 v75 align 8
    store v74, v76 align 8
    v77 = const.i64 8
    v78 = ptradd.ptr0 v72, v77
    v79 = ptradd.ptr0 v4, v77
    v80 = load.i64 v79 align 8
    store v78, v80 align 8
    v81 = const.i64 16
    v82 = ptradd.ptr0 v72, v81
    v83 = ptradd.ptr0 v4, v81
    v84 = load.i64 v83 align 8
    store v82, v84 align 8
    v85 = const.i64 24
    v86 = ptradd.ptr0 v72, v85
    v87 = ptradd.ptr0 v4, v85
    v88 = load.i64 v87 align 8
    store v86, v88 align 8
    v89 = const.i64 32
    v90 = ptradd.ptr0 v72, v89
    v91 = ptradd.ptr0 v4, v89
    v92 = load.i64 v91 align 8
    store v90, v92 align 8
    v93 = const.i64 40
    v94 = ptradd.ptr0 v72, v93
    v95 = ptradd.ptr0 v4, v93
    v96 = load.i64 v95 align 8
    store v94, v96 align 8
    v97 = call.f32 @weight(v72)
    v98 = load.ptr1 v2 align 8
    v99 = const.i64 32
    v100 = ptradd.ptr1 v98, v99
    v101 = load.i8 v100 align 1
    v102 = sitofp.f32 v101
    v103 = fadd.f32 v97, v102
    store v71, v103 align 4
    return
}
*/
