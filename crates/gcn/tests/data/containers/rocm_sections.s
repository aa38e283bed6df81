# `.section` names only the code object's own sections (.text, .rodata); others are
# not built yet and refused rather than dropped.
.rocm
.gpu Fiji
.section .rodata
    .int 5
.section .data
    .int 1
.section .text
    s_endpgm
#### EXPECTED
error: rocm_sections.s:7:1: not supported yet: section '.data' (ROCm)
