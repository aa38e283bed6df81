# A rule one kernel breaks, found when the binary is written: the error points at
# that kernel (it pointed at line 1, column 1), also when .kernel repeats it.
.amdcl2
.gpu Tonga
.driver_version 180005
.kernel a
  .config
  .dims x
.kernel b
  .metadata
  .byte 1
  .setup
  .byte 2
  .stub
  .byte 3
.kernel a
  .text
  s_endpgm
.kernel b
  .text
  s_endpgm
#### EXPECTED
error: kernel_rule_position.s:9:9: Kernel stub must begin with its own size (the offset of the setup)
