# Placement rules of the .amd pseudo-ops.
.amd
.gpu Pitcairn
.entry 1, 2
.header
.kernel a
    .entry 1, 2
    .uav
        .entry 1, 2
        .cbmask 1, 2
    .config
.kernel b
    .config
        .dims w
        .userdata ptr_uav_table, 0, 15, 2
        .userdata bogus_class, 0, 2, 2
        .hwlocal 40000
        .uavid 1024
        .arg x, float
        .arg x, float
        .arg y, image2d, read_write
        .arg z, sampler*
        .arg w, float, used
    .header
    .proginfo
.kernel d
    .constantbuffers
        .cbid 1

#### EXPECTED
error: errors.s:4:1: Illegal place of .entry
error: errors.s:5:1: Header can be defined only inside kernel
error: errors.s:7:5: Illegal place of .entry
error: errors.s:9:20: Expected expression
error: errors.s:10:9: Illegal place of .cbmask
error: errors.s:11:5: Config can't be defined if metadata,header and/or CALnotes section exists
error: errors.s:14:15: Unknown dimension type
error: errors.s:15:9: RegStart+RegSize out of range (0-16)
error: errors.s:16:19: Unknown data class
error: errors.s:17:18: HWLocalSize out of range (0-32768)
error: errors.s:18:16: UAVId out of range (0-1023)
error: errors.s:20:14: Kernel argument 'x' is already defined
error: errors.s:21:26: Unknown access qualifier
error: errors.s:22:17: Illegal pointer type
error: errors.s:23:24: This is not 'unused' specifier
error: errors.s:24:5: Header can't be defined if configuration was defined
error: errors.s:25:5: CALNote can't be defined if configuration was defined
error: errors.s:28:9: not supported yet: .cbid outside a configuration (use .cbmask in .constantbuffers)
