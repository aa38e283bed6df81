# Pseudo-ops that need the newer (>= 191205) layouts, and GCN 1.0.
.amdcl2
.gpu Bonaire
.globaldata
.rwdata
.bssdata align=3
.samplerinit
.sampler 1
.kernel k
    .setup
    .stub
    .isametadata
.text
    .byte 1
#### EXPECTED
error: errors_old.s:4:1: Global Data allowed only for new binary format
error: errors_old.s:5:1: Global RWData allowed only for new binary format
error: errors_old.s:6:1: Global BSS allowed only for new binary format
error: errors_old.s:7:1: SamplerInit allowed only for new binary format
error: errors_old.s:8:1: Sampler allowed only for new binary format
