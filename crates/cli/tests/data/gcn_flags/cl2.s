.amdcl2
.gpu Bonaire
.kernel k
  .config
    .dims x
  .text
    s_endpgm
