"""Raw binary inputs of builtins/oclc_struct_args.cl, packed with C's layout rules by
hand (explicit padding bytes, little-endian), not by Kauai:

struct Rec   { char tag; short s; int i; float2 v; }     tag@0 s@2 i@4 v@8, 16 bytes
struct Outer { struct Rec r; uchar k[3]; float f; }     r@0 k@16 f@20, 24 bytes
                                                         (align 8, from float2)

Writes inputs/outer2.bin (two struct Outer) and inputs/floats4.bin (four floats).
Run from this directory: python3 oclc_args.py
"""

import struct

# b tag, x pad, h s, i i, 2f v | 3B k, x pad, f f
OUTER = "<bxhi2f3Bxf"
assert struct.calcsize(OUTER) == 24

ELEMENTS = [
    (-3, -300, 70000, 1.5, -2.25, 1, 2, 100, 0.5),
    (127, 32767, -5, 8.0, 0.125, 0, 10, 20, -4.0),
]

with open("../inputs/outer2.bin", "wb") as f:
    for e in ELEMENTS:
        f.write(struct.pack(OUTER, *e))

with open("../inputs/floats4.bin", "wb") as f:
    f.write(struct.pack("<4f", 1.0, 2.0, 3.0, 4.0))
