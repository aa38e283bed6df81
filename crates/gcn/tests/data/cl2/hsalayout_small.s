# HSA layout: a kernel runs up to the next kernel's label, which must leave room for
# its 256-byte setup.
.amdcl2
.gpu Tonga
.driver_version 191205
.hsalayout
.kernel ka
    .config
.kernel kb
    .config
.text
kb:
    .skip 200
ka:
    .skip 256
    s_endpgm
#### EXPECTED
error: hsalayout_small.s:9:9: Kernel 'kb' size is too small
