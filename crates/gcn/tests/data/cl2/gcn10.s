# AMD CL2 binaries need GCN 1.1 or later.
.amdcl2
.gpu Pitcairn
.kernel k
    .text
    s_endpgm
#### EXPECTED
error: gcn10.s:3:1: OpenCL 2.0 supported only for GCN1.1 or later
