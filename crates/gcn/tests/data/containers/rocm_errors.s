# ROCm placement rules: a kernel without a label in .text, a CL2-only pseudo-op, a
# pseudo-op not built yet, configuration outside .config.
.rocm
.gpu Fiji
.kernel a
    .config
        .dims x
        .printf 1, "x"
.kernel b
    .md_language "OpenCL C", 1, 2
.driver_version 200406
.text
    s_endpgm
#### EXPECTED
error: rocm_errors.s:8:9: not supported yet: .printf (ROCm)
error: rocm_errors.s:10:5: Illegal place of metadata pseudo-op
error: rocm_errors.s:11:1: .driver_version is not a pseudo-op of the ROCm format
