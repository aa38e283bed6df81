# Errors the writer finds point at the kernel.
.amd
.gpu Bonaire
.kernel c
    .config
        .arg p, "uint*", uint*, global, , 4
    .text
        s_endpgm
#### EXPECTED
error: writer_errors.s:4:9: UavId out of range!
