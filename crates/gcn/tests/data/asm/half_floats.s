# .half through the half crate: IEEE binary16, round to nearest even. Expected by
# hand: 3c00 c000 7bff (65504, largest) 7c00 (65520 rounds up to infinity)
# 7bff (65519 rounds down) 0001 (2^-24, smallest subnormal) 0000 (2^-26 rounds to 0)
# 2e66 (0.1) 3c00 (1+2^-11, a tie, to even) 3c02 (1+3*2^-11, a tie, to even)
# 8000 (-0.0) 0400 (2^-14, smallest normal).
.half 1.0, -2.0, 65504.0, 65520.0
.half 65519.0, 5.9604644775390625e-8, 1.4901161193847656e-8, 0.1
.half 1.00048828125, 1.00146484375, -0.0, 0.00006103515625
#### EXPECTED
arch GCN1.0
0000: 00 3c 00 c0 ff 7b 00 7c ff 7b 01 00 00 00 66 2e
0010: 00 3c 02 3c 00 80 00 04
