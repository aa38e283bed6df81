# HSA layout: every kernel needs a label of its name in the one .text.
.amdcl2
.gpu Tonga
.driver_version 200406
.hsalayout
.kernel ka
    .config
        .dims x
.kernel kb
    .config
.kernel kc
    .config
.kernel kd
    .config
.rodata
kc: .int 0
.text
ka:
    .skip 256
    s_endpgm
.section .text
kb:
    .skip 256
    s_endpgm
#### EXPECTED
error: hsalayout_symbols.s:11:9: Symbol for kernel 'kc' is defined for section other than '.text'
error: hsalayout_symbols.s:13:9: Symbol for kernel 'kd' is undefined
