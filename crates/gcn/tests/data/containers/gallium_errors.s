# Gallium: descriptors (the default LLVM 4.0 layout) need room and GCN 1.1; CL2-only
# pseudo-ops are refused; an unknown argument type.
.gallium
.gpu Tonga
.kernel k
    .args
        .arg float4, 16
    .config
        .dims x
.samplerinit
.text
k:
    s_endpgm
#### EXPECTED
error: gallium_errors.s:7:14: Unknown argument type 'float4'
error: gallium_errors.s:10:1: .samplerinit is not a pseudo-op of the Gallium format
