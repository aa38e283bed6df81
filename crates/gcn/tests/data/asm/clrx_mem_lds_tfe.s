# MUBUF with both lds and tfe: clrxasm 0.1.9 refuses them ("Both LDS and TFE is
# illegal"; ../shared/oracles/clrx/asm rows on every GPU), and so does Kauai, whose
# decoder then prints such words as .int (tests/data/clrx_oracle/CLRX_LOSSY.md).
.gpu Pitcairn
buffer_load_format_x  v[61:62], v[18:19], s[80:83], s35 offset:603 glc slc addr64 lds tfe
buffer_load_format_x v[61:62], v18, s[80:83], s35 offset:577 idxen glc slc lds tfe
#### EXPECTED
error: clrx_mem_lds_tfe.s:5:1: lds and tfe cannot be used together
error: clrx_mem_lds_tfe.s:6:1: lds and tfe cannot be used together
