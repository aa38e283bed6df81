# test: disasm
# VOP3 v_interp_*_f16 on GCN: the attribute in the src0 field (high in its bit 8), the
# first source in src1, so abs/neg bit 1 is that source's. The bytes are llvm-mc 14's
# (-mcpu=gfx1010 -show-encoding) for the same lines.
.gpu gfx1010
v_interp_p1ll_f16 v5, v2, attr37.y
v_interp_p1ll_f16 v5, v2, attr37.y high
v_interp_p1lv_f16 v5, v2, attr37.y, v3
v_interp_p2_f16 v5, v2, attr37.y, v3 high clamp
v_interp_p1ll_f16 v5, -v2, attr0.x
v_interp_p1lv_f16 v5, |v2|, attr0.x, -|v3| clamp
v_interp_p1ll_f16 v5, s2, attr0.x
#### EXPECTED
arch GCN1.5
0000: 05 00 42 d7 65 04 02 00 05 00 42 d7 65 05 02 00
0010: 05 00 43 d7 65 04 0e 04 05 80 5a d7 65 05 0e 04
0020: 05 00 42 d7 00 04 02 40 05 86 43 d7 00 04 0e 84
0030: 05 00 42 d7 00 04 00 00
v_interp_p1ll_f16 v5, v2, attr37.y
v_interp_p1ll_f16 v5, v2, attr37.y high
v_interp_p1lv_f16 v5, v2, attr37.y, v3
v_interp_p2_f16 v5, v2, attr37.y, v3 high clamp
v_interp_p1ll_f16 v5, -v2, attr0.x
v_interp_p1lv_f16 v5, abs(v2), attr0.x, -abs(v3) clamp
v_interp_p1ll_f16 v5, s2, attr0.x
