// Loops with break/continue, if/else, do-while, switch with fallthrough, goto.
int f(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        if (i == 3)
            continue;
        if (i > 7)
            break;
        s += i;
    }
    do {
        s--;
    } while (s > 100);
    switch (n) {
    case 1:
        s += 1;
    case 2:
        s += 2;
        break;
    case -1:
        s = 0;
        break;
    default:
        s = 5;
    }
    if (s < 0)
        goto out;
    s *= 2;
out:
    return s;
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
function @f(i32 "n") -> i32 {
block0(v0: i32):
    v1 = alloca.ptr0 i32 align 4
    v2 = alloca.ptr0 i32 align 4
    v4 = alloca.ptr0 i32 align 4
    store v1, v0 align 4
    v3 = const.i32 0
    store v2, v3 align 4
    v5 = const.i32 0
    store v4, v5 align 4
    jump block1
block1:
    v6 = load.i32 v4 align 4
    v7 = load.i32 v1 align 4
    v8 = icmp.i1 slt v6, v7
    v9 = zext.i32 v8
    brif v8, block2, block4
block2:
    v10 = load.i32 v4 align 4
    v11 = const.i32 3
    v12 = icmp.i1 eq v10, v11
    v13 = zext.i32 v12
    brif v12, block5, block6
block5:
    jump block3
block6:
    v14 = load.i32 v4 align 4
    v15 = const.i32 7
    v16 = icmp.i1 sgt v14, v15
    v17 = zext.i32 v16
    brif v16, block7, block8
block7:
    jump block4
block8:
    v18 = load.i32 v2 align 4
    v19 = load.i32 v4 align 4
    v20 = iadd.i32 v18, v19
    store v2, v20 align 4
    jump block3
block3:
    v21 = load.i32 v4 align 4
    v22 = const.i32 1
    v23 = iadd.i32 v21, v22
    store v4, v23 align 4
    jump block1
block4:
    jump block9
block9:
    v24 = load.i32 v2 align 4
    v25 = const.i32 1
    v26 = isub.i32 v24, v25
    store v2, v26 align 4
    jump block10
block10:
    v27 = load.i32 v2 align 4
    v28 = const.i32 100
    v29 = icmp.i1 sgt v27, v28
    v30 = zext.i32 v29
    brif v29, block9, block11
block11:
    v31 = load.i32 v1 align 4
    v32 = sext.i64 v31
    switch v32, [1: block13, 2: block14, -1: block15], block16
block13:
    v33 = load.i32 v2 align 4
    v34 = const.i32 1
    v35 = iadd.i32 v33, v34
    store v2, v35 align 4
    jump block14
block14:
    v36 = load.i32 v2 align 4
    v37 = const.i32 2
    v38 = iadd.i32 v36, v37
    store v2, v38 align 4
    jump block12
block15:
    v39 = const.i32 0
    store v2, v39 align 4
    jump block12
block16:
    v40 = const.i32 5
    store v2, v40 align 4
    jump block12
block12:
    v41 = load.i32 v2 align 4
    v42 = const.i32 0
    v43 = icmp.i1 slt v41, v42
    v44 = zext.i32 v43
    brif v43, block17, block18
block17:
    jump block19
block18:
    v45 = load.i32 v2 align 4
    v46 = const.i32 2
    v47 = imul.i32 v45, v46
    store v2, v47 align 4
    jump block19
block19:
    v48 = load.i32 v2 align 4
    return v48
}
*/
