# .kcode (CLRX's explicit kernel membership in the HSA layout) is not supported yet.
.amdcl2
.gpu Tonga
.driver_version 191205
.hsalayout
.kernel ka
    .config
.text
.kcode ka
#### EXPECTED
error: hsalayout_kcode.s:9:1: not supported yet: .kcode
