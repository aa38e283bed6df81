# A parameter named without a backslash: the alternate macro syntax (`-a`).
.macro setv x
    s_mov_b32 s0, x
.endm
setv 5
