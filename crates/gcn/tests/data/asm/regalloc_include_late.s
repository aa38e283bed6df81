# Register variables whose declarations are first seen in an include that follows code
# are refused: the code before it was not kept for the allocator (this file itself
# never names the pseudo-op, which would keep it from the start).
.gpu Tonga
    v_mov_b32 v1, v0
.include "inc/regalloc_vars.inc"
    v_mov_b32 x, v0
    s_endpgm
#### EXPECTED
error: regalloc_include_late.s:6:10: not supported yet: register variables in a source that first mentions .regvar after code (the allocator needs all of the code: declare them, or include their declarations, before any instruction)
