# Register ranges of .hsaconfig are u16 register numbers: ends outside that range
# are an error (the smallest i64 as the first one overflowed computing the count).
.amdcl2
.gpu GFX900
.driver_version 223600
.kernel h
    .hsaconfig
        .dims x
        .reserved_vgprs -9223372036854775808, 12
        .reserved_sgprs 0, 65536
        .reserved_sgprs 5, 4
        .reserved_vgprs 1, 2
    .text
        s_endpgm
#### EXPECTED
error: hsa_register_ranges.s:9:47: Wrong register range
error: hsa_register_ranges.s:10:28: Wrong register range
error: hsa_register_ranges.s:11:28: Wrong register range
