// OPTIONS: fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define BLOCK 16
typedef float2 cfloat;
enum Mode { ADD = 1, MUL = 2, LAST };
struct __attribute__((aligned(16))) Cell { float v; uint flags; };
__constant float coeffs[3] = { 0.25f, 0.5f, 0.25f };
__constant struct Cell init_cell = { 1.0f, 3u };

inline cfloat cmul(cfloat a, cfloat b) { return (cfloat)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }

static float helper(const float *p, int n) {
    float s = 0;
    #pragma unroll
    for (int i = 0; i < n; ++i) s += p[i];
    return s;
}

__kernel __attribute__((reqd_work_group_size(BLOCK, BLOCK, 1)))
void torture(const __global float * restrict in, __global float *out, volatile __local uint *counter,
             __global cfloat *cs, const uint width, enum Mode mode)
{
    __local float tile[BLOCK][BLOCK + 1];
    const int gx = get_global_id(0), gy = get_global_id(1);
    const int lx = get_local_id(0), ly = get_local_id(1);
    tile[ly][lx] = in[mad24(gy, (int)width, gx)];
    if (lx == 0 && ly == 0) *counter = 0;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    atomic_inc(counter);
    float priv[3];
    for (int k = 0; k < 3; k++) priv[k] = tile[ly][(lx + k) % BLOCK] * coeffs[k];
    float acc = helper(priv, 3);
    switch (mode) {
    case ADD: acc += init_cell.v; break;
    case MUL: acc *= init_cell.v; break;
    default: break;
    }
    cs[gx] = cmul(cs[gx], (cfloat)(acc, 0.0f));
    double d = (double)acc * 2.0;
    out[gy * width + gx] = (float)d + native_exp(-acc) + (float)(mode == LAST);
    struct Cell c = init_cell;
    c.flags |= 1u << 4;
    out[0] += c.flags > 0 ? 1.0f : 0.0f;
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
type %Cell = struct { f32, i32 } align 16
global @coeffs: [3 x f32] addrspace(2) align 4 constant = bytes(0000803e0000003f0000803e)
global @init_cell: %Cell addrspace(2) align 16 constant = bytes(0000803f030000000000000000000000)
global @torture.tile: [16 x [17 x f32]] addrspace(3) align 4
function @cmul(v2f32 "a", v2f32 "b") -> v2f32 "alwaysinline" {
block0(v0: v2f32, v1: v2f32):
    v2 = alloca.ptr0 v2f32 align 8
    v3 = alloca.ptr0 v2f32 align 8
    store v2, v0 align 8
    store v3, v1 align 8
    v4 = load.v2f32 v2 align 8
    v5 = extract.f32 v4, 0
    v6 = load.v2f32 v3 align 8
    v7 = extract.f32 v6, 0
    v8 = fmul.f32 v5, v7
    v9 = load.v2f32 v2 align 8
    v10 = extract.f32 v9, 1
    v11 = load.v2f32 v3 align 8
    v12 = extract.f32 v11, 1
    v13 = fmul.f32 v10, v12
    v14 = fsub.f32 v8, v13
    v15 = load.v2f32 v2 align 8
    v16 = extract.f32 v15, 0
    v17 = load.v2f32 v3 align 8
    v18 = extract.f32 v17, 1
    v19 = fmul.f32 v16, v18
    v20 = load.v2f32 v2 align 8
    v21 = extract.f32 v20, 1
    v22 = load.v2f32 v3 align 8
    v23 = extract.f32 v22, 0
    v24 = fmul.f32 v21, v23
    v25 = fadd.f32 v19, v24
    v26 = const.v2f32 undef
    v27 = insert.v2f32 v26, v14, 0
    v28 = insert.v2f32 v27, v25, 1
    return v28
}
function @helper(ptr0 "p", i32 "n") -> f32 {
block0(v0: ptr0, v1: i32):
    v2 = alloca.ptr0 ptr0 align 8
    v3 = alloca.ptr0 i32 align 4
    v4 = alloca.ptr0 f32 align 4
    v7 = alloca.ptr0 i32 align 4
    store v2, v0 align 8
    store v3, v1 align 4
    v5 = const.i32 0
    v6 = sitofp.f32 v5
    store v4, v6 align 4
    v8 = const.i32 0
    store v7, v8 align 4
    jump block1
block1:
    v9 = load.i32 v7 align 4
    v10 = load.i32 v3 align 4
    v11 = icmp.i1 slt v9, v10
    v12 = zext.i32 v11
    brif v11, block2, block4
block2:
    v13 = load.f32 v4 align 4
    v14 = load.ptr0 v2 align 8
    v15 = load.i32 v7 align 4
    v16 = sext.i64 v15
    v17 = const.i64 4
    v18 = imul.i64 v16, v17
    v19 = ptradd.ptr0 v14, v18
    v20 = load.f32 v19 align 4
    v21 = fadd.f32 v13, v20
    store v4, v21 align 4
    jump block3
block3:
    v22 = load.i32 v7 align 4
    v23 = const.i32 1
    v24 = iadd.i32 v22, v23
    store v7, v24 align 4
    jump block1
block4:
    v25 = load.f32 v4 align 4
    return v25
}
declare @_Z13get_global_idj(i32) -> i64
declare @_Z12get_local_idj(i32) -> i64
declare @_Z7barrierj(i32) -> void
function @torture(ptr1 noalias "in", ptr1 "out", ptr3 "counter", ptr1 "cs", i32 "width", i32 "mode") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none", "none", "none", "none", "none") !kernel_arg_addr_space("global", "global", "local", "global", "private", "private") !kernel_arg_type("float*", "float*", "uint*", "float2*", "uint", "int") !kernel_arg_type_qual("const restrict", "", "volatile", "", "", "") !reqd_work_group_size(16, 16, 1) {
block0(v0: ptr1, v1: ptr1, v2: ptr3, v3: ptr1, v4: i32, v5: i32):
    v6 = alloca.ptr0 ptr1 align 8
    v7 = alloca.ptr0 ptr1 align 8
    v8 = alloca.ptr0 ptr3 align 8
    v9 = alloca.ptr0 ptr1 align 8
    v10 = alloca.ptr0 i32 align 4
    v11 = alloca.ptr0 i32 align 4
    v12 = alloca.ptr0 i32 align 4
    v17 = alloca.ptr0 i32 align 4
    v22 = alloca.ptr0 i32 align 4
    v27 = alloca.ptr0 i32 align 4
    v73 = alloca.ptr0 [3 x f32] align 4
    v74 = alloca.ptr0 i32 align 4
    v112 = alloca.ptr0 f32 align 4
    v144 = alloca.ptr0 f64 align 8
    v171 = alloca.ptr0 %Cell align 16
    store v6, v0 align 8
    store v7, v1 align 8
    store v8, v2 align 8
    store v9, v3 align 8
    store v10, v4 align 4
    store v11, v5 align 4
    v13 = const.i32 0
    v14 = const.i32 0
    v15 = call.i64 @_Z13get_global_idj(v14)
    v16 = trunc.i32 v15
    store v12, v16 align 4
    v18 = const.i32 1
    v19 = const.i32 1
    v20 = call.i64 @_Z13get_global_idj(v19)
    v21 = trunc.i32 v20
    store v17, v21 align 4
    v23 = const.i32 0
    v24 = const.i32 0
    v25 = call.i64 @_Z12get_local_idj(v24)
    v26 = trunc.i32 v25
    store v22, v26 align 4
    v28 = const.i32 1
    v29 = const.i32 1
    v30 = call.i64 @_Z12get_local_idj(v29)
    v31 = trunc.i32 v30
    store v27, v31 align 4
    v32 = global_addr.ptr3 @torture.tile
    v33 = load.i32 v27 align 4
    v34 = sext.i64 v33
    v35 = const.i64 68
    v36 = imul.i64 v34, v35
    v37 = ptradd.ptr3 v32, v36
    v38 = load.i32 v22 align 4
    v39 = sext.i64 v38
    v40 = const.i64 4
    v41 = imul.i64 v39, v40
    v42 = ptradd.ptr3 v37, v41
    v43 = load.ptr1 v6 align 8
    v44 = load.i32 v17 align 4
    v45 = load.i32 v10 align 4
    v46 = load.i32 v12 align 4
    v47 = imul.i32 v44, v45
    v48 = iadd.i32 v47, v46
    v49 = sext.i64 v48
    v50 = const.i64 4
    v51 = imul.i64 v49, v50
    v52 = ptradd.ptr1 v43, v51
    v53 = load.f32 v52 align 4
    store v42, v53 align 4
    v54 = load.i32 v22 align 4
    v55 = const.i32 0
    v56 = icmp.i1 eq v54, v55
    v57 = zext.i32 v56
    brif v56, block1, block2(v56)
block1:
    v59 = load.i32 v27 align 4
    v60 = const.i32 0
    v61 = icmp.i1 eq v59, v60
    v62 = zext.i32 v61
    jump block2(v61)
block2(v58: i1):
    v63 = zext.i32 v58
    brif v58, block3, block4
block3:
    v64 = load.ptr3 v8 align 8
    v65 = const.i32 0
    v66 = const.i32 0
    store v64, v66 align 4 volatile
    jump block4
block4:
    v67 = const.i32 1
    v68 = const.i32 2
    v69 = bor.i32 v67, v68
    call @_Z7barrierj(v69)
    v70 = load.ptr3 v8 align 8
    v71 = const.i32 1
    v72 = atomic_rmw.i32 add v70, v71 seq_cst
    v75 = const.i32 0
    store v74, v75 align 4
    jump block5
block5:
    v76 = load.i32 v74 align 4
    v77 = const.i32 3
    v78 = icmp.i1 slt v76, v77
    v79 = zext.i32 v78
    brif v78, block6, block8
block6:
    v80 = load.i32 v74 align 4
    v81 = sext.i64 v80
    v82 = const.i64 4
    v83 = imul.i64 v81, v82
    v84 = ptradd.ptr0 v73, v83
    v85 = global_addr.ptr3 @torture.tile
    v86 = load.i32 v27 align 4
    v87 = sext.i64 v86
    v88 = const.i64 68
    v89 = imul.i64 v87, v88
    v90 = ptradd.ptr3 v85, v89
    v91 = load.i32 v22 align 4
    v92 = load.i32 v74 align 4
    v93 = iadd.i32 v91, v92
    v94 = const.i32 16
    v95 = srem.i32 v93, v94
    v96 = sext.i64 v95
    v97 = const.i64 4
    v98 = imul.i64 v96, v97
    v99 = ptradd.ptr3 v90, v98
    v100 = load.f32 v99 align 4
    v101 = global_addr.ptr2 @coeffs
    v102 = load.i32 v74 align 4
    v103 = sext.i64 v102
    v104 = const.i64 4
    v105 = imul.i64 v103, v104
    v106 = ptradd.ptr2 v101, v105
    v107 = load.f32 v106 align 4
    v108 = fmul.f32 v100, v107
    store v84, v108 align 4
    jump block7
block7:
    v109 = load.i32 v74 align 4
    v110 = const.i32 1
    v111 = iadd.i32 v109, v110
    store v74, v111 align 4
    jump block5
block8:
    v113 = const.i32 3
    v114 = call.f32 @helper(v73, v113)
    store v112, v114 align 4
    v115 = load.i32 v11 align 4
    v116 = sext.i64 v115
    switch v116, [1: block10, 2: block11], block12
block10:
    v117 = load.f32 v112 align 4
    v118 = global_addr.ptr2 @init_cell
    v119 = load.f32 v118 align 4
    v120 = fadd.f32 v117, v119
    store v112, v120 align 4
    jump block9
block11:
    v121 = load.f32 v112 align 4
    v122 = global_addr.ptr2 @init_cell
    v123 = load.f32 v122 align 4
    v124 = fmul.f32 v121, v123
    store v112, v124 align 4
    jump block9
block12:
    jump block9
block9:
    v125 = load.ptr1 v9 align 8
    v126 = load.i32 v12 align 4
    v127 = sext.i64 v126
    v128 = const.i64 8
    v129 = imul.i64 v127, v128
    v130 = ptradd.ptr1 v125, v129
    v131 = load.ptr1 v9 align 8
    v132 = load.i32 v12 align 4
    v133 = sext.i64 v132
    v134 = const.i64 8
    v135 = imul.i64 v133, v134
    v136 = ptradd.ptr1 v131, v135
    v137 = load.v2f32 v136 align 8
    v138 = load.f32 v112 align 4
    v139 = const.f32 0.0
    v140 = const.v2f32 undef
    v141 = insert.v2f32 v140, v138, 0
    v142 = insert.v2f32 v141, v139, 1
    v143 = call.v2f32 @cmul(v137, v142)
    store v130, v143 align 8
    v145 = load.f32 v112 align 4
    v146 = fpext.f64 v145
    v147 = const.f64 2.0
    v148 = fmul.f64 v146, v147
    store v144, v148 align 8
    v149 = load.ptr1 v7 align 8
    v150 = load.i32 v17 align 4
    v151 = load.i32 v10 align 4
    v152 = imul.i32 v150, v151
    v153 = load.i32 v12 align 4
    v154 = iadd.i32 v152, v153
    v155 = zext.i64 v154
    v156 = const.i64 4
    v157 = imul.i64 v155, v156
    v158 = ptradd.ptr1 v149, v157
    v159 = load.f64 v144 align 8
    v160 = fptrunc.f32 v159
    v161 = load.f32 v112 align 4
    v162 = fneg.f32 v161
    v163 = math.f32 exp v162
    v164 = fadd.f32 v160, v163
    v165 = load.i32 v11 align 4
    v166 = const.i32 3
    v167 = icmp.i1 eq v165, v166
    v168 = zext.i32 v167
    v169 = sitofp.f32 v168
    v170 = fadd.f32 v164, v169
    store v158, v170 align 4
    v172 = global_addr.ptr2 @init_cell
    v173 = const.i64 0
    v174 = ptradd.ptr0 v171, v173
    v175 = ptradd.ptr2 v172, v173
    v176 = load.i64 v175 align 8
    store v174, v176 align 8
    v177 = const.i64 8
    v178 = ptradd.ptr0 v171, v177
    v179 = ptradd.ptr2 v172, v177
    v180 = load.i64 v179 align 8
    store v178, v180 align 8
    v181 = const.i64 4
    v182 = ptradd.ptr0 v171, v181
    v183 = load.i32 v182 align 4
    v184 = const.i32 1
    v185 = const.i32 4
    v186 = const.i32 4
    v187 = ishl.i32 v184, v186
    v188 = bor.i32 v183, v187
    store v182, v188 align 4
    v189 = load.ptr1 v7 align 8
    v190 = const.i32 0
    v191 = const.i64 0
    v192 = const.i64 0
    v193 = ptradd.ptr1 v189, v192
    v194 = load.f32 v193 align 4
    v195 = const.i64 4
    v196 = ptradd.ptr0 v171, v195
    v197 = load.i32 v196 align 4
    v198 = const.i32 0
    v199 = const.i32 0
    v200 = icmp.i1 ugt v197, v199
    v201 = zext.i32 v200
    brif v200, block13, block14
block13:
    v202 = const.f32 1.0
    jump block15(v202)
block14:
    v203 = const.f32 0.0
    jump block15(v203)
block15(v204: f32):
    v205 = fadd.f32 v194, v204
    store v193, v205 align 4
    return
}
*/
