# A driver version that does not know the device: the error points at the
# .driver_version statement (it pointed at line 1, column 1).
.amdcl2
.gpu GFX900
.driver_version 180005
.kernel a
  .config
  .dims x
  .text
  s_endpgm
#### EXPECTED
error: driver_position.s:5:1: Unsupported GPU device type by driver version (driver version 180005 does not know GFX900)
