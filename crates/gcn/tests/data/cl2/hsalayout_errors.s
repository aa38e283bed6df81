# HSA layout: where .hsalayout may stand; .text outside kernels needs it.
.amdcl2
.gpu Tonga
.hsalayout
.driver_version 191205
.kernel ka
    .config
.hsalayout
.main
.text
#### EXPECTED
error: hsalayout_errors.s:4:1: HSALayout mode is illegal in old binary format
error: hsalayout_errors.s:8:1: HSALayout must be enabled before any kernel
error: hsalayout_errors.s:10:1: Code outside kernels is allowed only in HSA layout (.hsalayout)
