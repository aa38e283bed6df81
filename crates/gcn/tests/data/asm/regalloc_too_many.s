# An allocation that fails is reported at the variable's declaration: every register of
# `big` and of `more` is live at the same time (written and read as a whole by the
# `.usereg`s), and together they do not fit in the 256 VGPRs.
.gpu GFX900
.regvar big:v:200, more:v:60, small:v
    .usereg big:w, more:w
    v_mov_b32 small, 0
    .usereg big:r, more:r, small:r
    s_endpgm
#### EXPECTED
error: regalloc_too_many.s:5:20: cannot allocate register variable 'more' (60 vector register(s)): no free range left (registers named directly and variables live at the same time take the rest)
