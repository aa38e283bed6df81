# Gallium for LLVM 3.8: no descriptors, 4 user SGPRs, three .AMDGPU.config entries;
# a grid offset argument counts three times in the kernel argument size (not written
# here: that size only goes into descriptors).
.gallium
.gpu Bonaire
.llvm_version 30800
.kernel b
    .args
        .arg global, 8
        .arg scalar, 2, 4, 4, sext, general
        .arg gridoffset, 4
    .config
        .dims x
        .localsize 1000
.kernel a
    .args
    .proginfo
        .entry 0xb848, 0x1234
.text
a:
    s_endpgm
b:
    v_mov_b32 v3, s10
    s_endpgm
#### EXPECTED
gallium 64bit false mesa 0
kernel b at 0x4
  arg GalliumArg { arg_type: 2, size: 8, target_size: 8, target_align: 8, sign_extended: false, semantic: 0 }
  arg GalliumArg { arg_type: 0, size: 2, target_size: 4, target_align: 4, sign_extended: true, semantic: 0 }
  arg GalliumArg { arg_type: 0, size: 4, target_size: 4, target_align: 4, sign_extended: false, semantic: 2 }
  proginfo 0xb848=0xc0000 0xb84c=0x10088 0xb860=0x0
kernel a at 0x0
  proginfo 0xb848=0x1234
code
    0000: 00 00 81 bf 0a 02 06 7e 00 00 81 bf
binary 1130 bytes
