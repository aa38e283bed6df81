// shuffle with a constant mask is one shuffle instruction; a dynamic mask picks lanes
// one by one. pown, maxmag, sincos (a result plus a store through the pointer), sinpi
// (reduced exactly before multiplying by pi), frexp (bit fields of the float).
__kernel void k(__global float4 *v, __global uint4 *m, __global float *s)
{
    v[0] = shuffle(v[1], (uint4)(3, 2, 1, 0));
    float2 d = shuffle(v[2], m[0].xy);
    s[0] = pown(s[1], 3) + maxmag(s[2], s[3]) + d.y;
    s[4] = sincos(s[5], &s[6]);
    s[7] = sinpi(s[8]);
    int e;
    s[9] = frexp(s[10], &e);
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
function @k(ptr1 "v", ptr1 "m", ptr1 "s") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none", "none") !kernel_arg_addr_space("global", "global", "global") !kernel_arg_type("float4*", "uint4*", "float*") !kernel_arg_type_qual("", "", "") {
block0(v0: ptr1, v1: ptr1, v2: ptr1):
    v3 = alloca.ptr0 ptr1 align 8
    v4 = alloca.ptr0 ptr1 align 8
    v5 = alloca.ptr0 ptr1 align 8
    v27 = alloca.ptr0 v2f32 align 8
    v139 = alloca.ptr0 i32 align 4
    store v3, v0 align 8
    store v4, v1 align 8
    store v5, v2 align 8
    v6 = load.ptr1 v3 align 8
    v7 = const.i32 0
    v8 = const.i64 0
    v9 = const.i64 0
    v10 = ptradd.ptr1 v6, v9
    v11 = load.ptr1 v3 align 8
    v12 = const.i32 1
    v13 = const.i64 1
    v14 = const.i64 16
    v15 = ptradd.ptr1 v11, v14
    v16 = load.v4f32 v15 align 16
    v17 = const.i32 3
    v18 = const.i32 2
    v19 = const.i32 1
    v20 = const.i32 0
    v21 = const.i32 3
    v22 = const.i32 2
    v23 = const.i32 1
    v24 = const.i32 0
    v25 = const.v4i32 [3, 2, 1, 0]
    v26 = shuffle.v4f32 v16, v16, [3, 2, 1, 0]
    store v10, v26 align 16
    v28 = load.ptr1 v3 align 8
    v29 = const.i32 2
    v30 = const.i64 2
    v31 = const.i64 32
    v32 = ptradd.ptr1 v28, v31
    v33 = load.v4f32 v32 align 16
    v34 = load.ptr1 v4 align 8
    v35 = const.i32 0
    v36 = const.i64 0
    v37 = const.i64 0
    v38 = ptradd.ptr1 v34, v37
    v39 = load.v4i32 v38 align 16
    v40 = shuffle.v2i32 v39, v39, [0, 1]
    v41 = const.v2f32 undef
    v42 = const.i32 3
    v43 = const.i32 4
    v44 = const.i32 zero
    v45 = extract.i32 v40, 0
    v46 = band.i32 v45, v42
    v47 = extract_dyn.f32 v33, v46
    v48 = insert.v2f32 v41, v47, 0
    v49 = extract.i32 v40, 1
    v50 = band.i32 v49, v42
    v51 = extract_dyn.f32 v33, v50
    v52 = insert.v2f32 v48, v51, 1
    store v27, v52 align 8
    v53 = load.ptr1 v5 align 8
    v54 = const.i32 0
    v55 = const.i64 0
    v56 = const.i64 0
    v57 = ptradd.ptr1 v53, v56
    v58 = load.ptr1 v5 align 8
    v59 = const.i32 1
    v60 = const.i64 1
    v61 = const.i64 4
    v62 = ptradd.ptr1 v58, v61
    v63 = load.f32 v62 align 4
    v64 = const.i32 3
    v65 = sitofp.f32 v64
    v66 = math.f32 pow v63, v65
    v67 = load.ptr1 v5 align 8
    v68 = const.i32 2
    v69 = const.i64 2
    v70 = const.i64 8
    v71 = ptradd.ptr1 v67, v70
    v72 = load.f32 v71 align 4
    v73 = load.ptr1 v5 align 8
    v74 = const.i32 3
    v75 = const.i64 3
    v76 = const.i64 12
    v77 = ptradd.ptr1 v73, v76
    v78 = load.f32 v77 align 4
    v79 = fabs.f32 v72
    v80 = fabs.f32 v78
    v81 = fmax.f32 v72, v78
    v82 = fcmp.i1 olt v79, v80
    v83 = select.f32 v82, v78, v81
    v84 = fcmp.i1 ogt v79, v80
    v85 = select.f32 v84, v72, v83
    v86 = fadd.f32 v66, v85
    v87 = load.v2f32 v27 align 8
    v88 = extract.f32 v87, 1
    v89 = fadd.f32 v86, v88
    store v57, v89 align 4
    v90 = load.ptr1 v5 align 8
    v91 = const.i32 4
    v92 = const.i64 4
    v93 = const.i64 16
    v94 = ptradd.ptr1 v90, v93
    v95 = load.ptr1 v5 align 8
    v96 = const.i32 5
    v97 = const.i64 5
    v98 = const.i64 20
    v99 = ptradd.ptr1 v95, v98
    v100 = load.f32 v99 align 4
    v101 = load.ptr1 v5 align 8
    v102 = const.i32 6
    v103 = const.i64 6
    v104 = const.i64 24
    v105 = ptradd.ptr1 v101, v104
    v106 = math.f32 sin v100
    v107 = math.f32 cos v100
    store v105, v107 align 4
    store v94, v106 align 4
    v108 = load.ptr1 v5 align 8
    v109 = const.i32 7
    v110 = const.i64 7
    v111 = const.i64 28
    v112 = ptradd.ptr1 v108, v111
    v113 = load.ptr1 v5 align 8
    v114 = const.i32 8
    v115 = const.i64 8
    v116 = const.i64 32
    v117 = ptradd.ptr1 v113, v116
    v118 = load.f32 v117 align 4
    v119 = const.f32 0.5
    v120 = const.f32 2.0
    v121 = fmul.f32 v118, v119
    v122 = rint.f32 v121
    v123 = fmul.f32 v122, v120
    v124 = fsub.f32 v118, v123
    v125 = fabs.f32 v124
    v126 = const.f32 0.5
    v127 = const.f32 1.0
    v128 = fcmp.i1 ogt v125, v126
    v129 = fsub.f32 v127, v125
    v130 = select.f32 v128, v129, v125
    v131 = const.f32 3.141592653589793
    v132 = fmul.f32 v130, v131
    v133 = math.f32 sin v132
    v134 = copysign.f32 v133, v124
    v135 = const.f32 0.0
    v136 = fcmp.i1 oeq v133, v135
    v137 = copysign.f32 v135, v118
    v138 = select.f32 v136, v137, v134
    store v112, v138 align 4
    v140 = load.ptr1 v5 align 8
    v141 = const.i32 9
    v142 = const.i64 9
    v143 = const.i64 36
    v144 = ptradd.ptr1 v140, v143
    v145 = load.ptr1 v5 align 8
    v146 = const.i32 10
    v147 = const.i64 10
    v148 = const.i64 40
    v149 = ptradd.ptr1 v145, v148
    v150 = load.f32 v149 align 4
    v151 = fabs.f32 v150
    v152 = const.f32 1.1754943508222875e-38
    v153 = fcmp.i1 olt v151, v152
    v154 = const.f32 16777216.0
    v155 = fmul.f32 v150, v154
    v156 = select.f32 v153, v155, v150
    v157 = bitcast.i32 v156
    v158 = const.i32 23
    v159 = ushr.i32 v157, v158
    v160 = const.i32 255
    v161 = band.i32 v159, v160
    v162 = const.i32 24
    v163 = const.i32 zero
    v164 = select.i32 v153, v162, v163
    v165 = const.i32 126
    v166 = isub.i32 v161, v165
    v167 = isub.i32 v166, v164
    v168 = const.i32 1
    v169 = isub.i32 v167, v168
    v170 = const.i32 2155872255
    v171 = band.i32 v157, v170
    v172 = const.i32 1056964608
    v173 = bor.i32 v171, v172
    v174 = bitcast.f32 v173
    v175 = const.f32 0.0
    v176 = const.f32 inf
    v177 = fcmp.i1 oeq v151, v175
    v178 = fcmp.i1 olt v151, v176
    v179 = fcmp.i1 uno v150, v150
    v180 = fcmp.i1 one v151, v175
    v181 = band.i1 v180, v178
    v182 = select.f32 v181, v174, v150
    v183 = select.i32 v181, v167, v163
    v184 = const.i32 -2147483648
    v185 = const.i32 2147483647
    v186 = select.i32 v179, v184, v185
    v187 = select.i32 v177, v184, v186
    v188 = select.i32 v181, v169, v187
    store v139, v183 align 4
    store v144, v182 align 4
    return
}
*/
