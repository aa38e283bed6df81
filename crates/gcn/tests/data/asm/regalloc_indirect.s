# Code with an indirect branch (s_setpc_b64) has successors the allocator cannot know:
# allocating its register variables is refused.
.gpu Tonga
.regvar vz:v
    v_mov_b32 vz, 0
    s_setpc_b64 s[4:5]
    v_mov_b32 v1, vz
    s_endpgm
#### EXPECTED
error: regalloc_indirect.s:6:5: not supported yet: register variables in code with an indirect branch or call (its successors are unknown to the allocator)
