# Placement rules and CLRX's messages.
.amdcl2
.gpu Tonga
.driver_version 200406
.dims x
.kernel k1
    .sgprsnum 10
    .metadata
    .config
    .text
        s_mov_b32 s1, gd>>16
        s_mov_b32 s1, gd&0xffff
        s_movk_i32 s1, gd
.kernel k2
    .config
        .sgprsnum 200
        .localsize 40000
        .dims xw
        .arg a, float
        .arg a, float
        .arg b, image2d, write_only, 64
        .arg c, sampler, 16
        .arg d, float, used
        .setupargs
        .use_ptr64
    .stub
.globaldata
gd: .int 0
.sampler 1, 2
.samplerinit
.main
.samplerreloc 4, 0
.kernel k1
    .text
    .samplerreloc 4, 0
    .hsaconfig
#### EXPECTED
error: errors.s:5:1: Illegal place of configuration pseudo-op
error: errors.s:7:5: Illegal place of configuration pseudo-op
error: errors.s:9:5: Config can't be defined if metadata,header,setup,stub section exists
error: errors.s:16:19: Used SGPRs number out of range (0-102)
error: errors.s:17:20: LocalSize out of range (0-32768)
error: errors.s:18:15: Unknown dimension type
error: errors.s:20:14: Kernel argument 'a' is already defined
error: errors.s:21:38: Resource Id out of range (0-63)
error: errors.s:22:26: Sampler Id out of range (0-15)
error: errors.s:23:24: This is not 'unused' specifier
error: errors.s:24:9: SetupArgs must be as first in argument list
error: errors.s:25:9: .use_ptr64 is allowed only in HSA configuration
error: errors.s:26:5: Stub can't be defined if configuration was defined
error: errors.s:30:1: SamplerInit is illegal if sampler definitions are present
error: errors.s:35:5: Illegal place of samplerreloc pseudo-op
error: errors.s:36:5: Config can't be defined if metadata,header,setup,stub section exists
error: errors.s:11:23: Can't resolve relocation for this expression
error: errors.s:12:23: Can't resolve relocation for this expression
error: errors.s:13:24: Can't resolve expression for non 32-bit integer
