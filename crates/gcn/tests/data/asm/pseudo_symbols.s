# .get_*, .undef, .enum and the listing pseudo-ops CLRX ignores (doc/ClrxAsmPseudoOps.md).
# Ids by hand from CLRX's tables: GCN1.2 is arch 2, Tonga gpu 11, raw code format 2,
# CLRX 0.1.9 is version (and default policy) 109; GFX900 is gpu 22, GCN1.4 arch 3.
.gpu Tonga
.64bit
.get_64bit b64
.get_arch ar
.get_gpu gp
.get_format fm
.get_version ver
.get_policy pol
.32bit
.get_64bit b32
.file "x.cl"
.file 1 "x.cl"
.line 10
.ln 3
.lflags any thing
.sbttl "sub"
.title "t"
.version "1"
.size foo, 4
# A value emitted before its symbol was defined keeps it after .undef.
.int y
y = 7
.undef y
.ifdef y
.int 0xdead
.endif
z = 3
.undef z
z = 4
.int z
r = %v[2:3]
.undef r
.ifndef r
.byte 0x11
.endif
# .enum: one counter per scope; `>` alone restarts it at 0.
.enum A, B, C
.enum >8, D, E
.enum F
.scope s
.enum G, H
.ends
.enum >, Z
.int A, B, C, D, E, F, s::G, s::H, Z
.arch GCN1.4
.get_gpu g9
.get_arch a9
.policy 200
.get_policy pol2
#### EXPECTED
arch GCN1.4
0000: 07 00 00 00 04 00 00 00 11 00 00 00 00 01 00 00
0010: 00 02 00 00 00 08 00 00 00 09 00 00 00 0a 00 00
0020: 00 00 00 00 00 01 00 00 00 00 00 00 00
sym A = 0
sym B = 1
sym C = 2
sym D = 8
sym E = 9
sym F = 10
sym Z = 0
sym a9 = 3
sym ar = 2
sym b32 = 0
sym b64 = 1
sym fm = 2
sym g9 = 22
sym gp = 11
sym pol = 109
sym pol2 = 200
sym s::G = 0
sym s::H = 1
sym ver = 109
sym z = 4
