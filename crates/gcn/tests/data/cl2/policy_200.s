# A policy of 200 or more makes CLRX count every SGPR of a binary's configuration
# (extra registers included); Kauai does not count so yet and refuses it for binaries
# rather than write other numbers. A lower policy changes nothing.
.amdcl2
.gpu Bonaire
.policy 199
.policy 200
.kernel k
    .config
        .dims x
    .text
        s_endpgm
#### EXPECTED
error: policy_200.s:7:1: not supported yet: policy 200 and later (.policy, --policy) for binaries (CLRX's unified SGPR counts)
