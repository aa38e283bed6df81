# Modifiers on memory operands are refused (clrxasm: "Some garbages at register name
# place", "Expected 4 scalar registers"); they once were silently dropped.
.gpu Pitcairn
buffer_load_sshort v[254:255], -|v255|, s[8:11], 36 offset:893 slc tfe
buffer_atomic_smin v[14:15], neg(v254), s[16:19], s70 offen offset:2776 tfe
#### EXPECTED
error: mem_operand_modifiers.s:4:32: abs/neg/sext modifiers are only allowed on VOP sources
error: mem_operand_modifiers.s:5:30: abs/neg/sext modifiers are only allowed on VOP sources
