// && and || short-circuit through blocks; a scalar ?: merges through a block parameter.
int f(int a, __global int *p)
{
    int x = a > 0 && p[a] != 0;
    int y = a < 0 || p[0] == 3;
    return x ? y : -a;
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
function @f(i32 "a", ptr1 "p") -> i32 {
block0(v0: i32, v1: ptr1):
    v2 = alloca.ptr0 i32 align 4
    v3 = alloca.ptr0 ptr1 align 8
    v4 = alloca.ptr0 i32 align 4
    v21 = alloca.ptr0 i32 align 4
    store v2, v0 align 4
    store v3, v1 align 8
    v5 = load.i32 v2 align 4
    v6 = const.i32 0
    v7 = icmp.i1 sgt v5, v6
    v8 = zext.i32 v7
    brif v7, block1, block2(v7)
block1:
    v10 = load.ptr1 v3 align 8
    v11 = load.i32 v2 align 4
    v12 = sext.i64 v11
    v13 = const.i64 4
    v14 = imul.i64 v12, v13
    v15 = ptradd.ptr1 v10, v14
    v16 = load.i32 v15 align 4
    v17 = const.i32 0
    v18 = icmp.i1 ne v16, v17
    v19 = zext.i32 v18
    jump block2(v18)
block2(v9: i1):
    v20 = zext.i32 v9
    store v4, v20 align 4
    v22 = load.i32 v2 align 4
    v23 = const.i32 0
    v24 = icmp.i1 slt v22, v23
    v25 = zext.i32 v24
    brif v24, block4(v24), block3
block3:
    v27 = load.ptr1 v3 align 8
    v28 = const.i32 0
    v29 = const.i64 0
    v30 = const.i64 0
    v31 = ptradd.ptr1 v27, v30
    v32 = load.i32 v31 align 4
    v33 = const.i32 3
    v34 = icmp.i1 eq v32, v33
    v35 = zext.i32 v34
    jump block4(v34)
block4(v26: i1):
    v36 = zext.i32 v26
    store v21, v36 align 4
    v37 = load.i32 v4 align 4
    v38 = const.i32 zero
    v39 = icmp.i1 ne v37, v38
    brif v39, block5, block6
block5:
    v42 = load.i32 v21 align 4
    jump block7(v42)
block6:
    v40 = load.i32 v2 align 4
    v41 = ineg.i32 v40
    jump block7(v41)
block7(v43: i32):
    return v43
}
*/
