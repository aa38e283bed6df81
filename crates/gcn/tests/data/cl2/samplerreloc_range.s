# A sampler id sizes the offset table: it is bounded (MAX_SAMPLERS), not allocated
# (this aborted allocating 800 GB).
.amdcl2
.gpu Bonaire
.driver_version 191205
.globaldata
.skip 64
.samplerreloc 0, 100000000000
.samplerreloc 8, -1
.samplerreloc 16, 65536
#### EXPECTED
error: samplerreloc_range.s:8:18: sampler id 100000000000 out of range (0 to 65535, MAX_SAMPLERS)
error: samplerreloc_range.s:9:18: sampler id -1 out of range (0 to 65535, MAX_SAMPLERS)
error: samplerreloc_range.s:10:19: sampler id 65536 out of range (0 to 65535, MAX_SAMPLERS)
