// Falling off the end of a non-void function is a warning where it can happen, and
// silent where every path returns.
int sign_of(int x)
{
    if (x > 0)
        return 1;
    else if (x < 0)
        return -1;
}

int always(int x)
{
    if (x)
        return 1;
    else
        return 2;
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
function @sign_of(i32 "x") -> i32 {
block0(v0: i32):
    v1 = alloca.ptr0 i32 align 4
    store v1, v0 align 4
    v2 = load.i32 v1 align 4
    v3 = const.i32 0
    v4 = icmp.i1 sgt v2, v3
    v5 = zext.i32 v4
    brif v4, block1, block3
block1:
    v6 = const.i32 1
    return v6
block3:
    v7 = load.i32 v1 align 4
    v8 = const.i32 0
    v9 = icmp.i1 slt v7, v8
    v10 = zext.i32 v9
    brif v9, block4, block5
block4:
    v11 = const.i32 1
    v12 = ineg.i32 v11
    return v12
block5:
    jump block2
block2:
    v13 = const.i32 undef
    return v13
}
function @always(i32 "x") -> i32 {
block0(v0: i32):
    v1 = alloca.ptr0 i32 align 4
    store v1, v0 align 4
    v2 = load.i32 v1 align 4
    v3 = const.i32 zero
    v4 = icmp.i1 ne v2, v3
    brif v4, block1, block3
block1:
    v5 = const.i32 1
    return v5
block3:
    v6 = const.i32 2
    return v6
block2:
    v7 = const.i32 undef
    return v7
}
--- warnings
warning: control reaches the end of non-void function `sign_of`
  ┌─ missing_return.cl:9:1
  │
9 │ }
  │ ^ a return statement is missing on some path

*/
