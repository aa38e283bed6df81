# Branch offsets count words: a target that is not a whole number of words away is an
# error, defined before or after the branch (clrxasm: "Jump is not aligned to word!",
# ../shared/oracles/clrx/asm rows `s_branch .+2`).
.gpu GFX900
s_branch .+2
s_branch .-6
back = . - 1
s_cbranch_scc0 back
s_cbranch_vccz fwd
s_call_b64 s[2:3], .+3
fwd = . + 2
s_branch .+4
#### EXPECTED
error: branch_align.s:5:10: branch target is not aligned to 4 bytes
error: branch_align.s:6:10: branch target is not aligned to 4 bytes
error: branch_align.s:8:16: branch target is not aligned to 4 bytes
error: branch_align.s:10:20: branch target is not aligned to 4 bytes
error: branch_align.s:9:16: branch target is not aligned to 4 bytes
