# CLRX syntax details: register index expressions, register symbols as pools (aligned
# only where used), @ forcing an expression, forward symbols as literals, float forms
# .5 / 1. / -4., literals truncated to 32 bits with a warning.
# test: disasm
.gpu Pitcairn
zx=21; ss=2; b=60;s_add_u32  s[zx], s[ss*2], s[b+1]
pool=%s[57:67]; ex=%execz; s_add_u32  s21, ex, pool[4]
s0=0x2b;    s_add_u32  s21, s4, @s0
s_add_u32  s21, s4, @s1-1; s1=600
s_add_u32  s21, s4, .5
s_add_u32  s21, s4, 1.
s_add_u32  s21, s4, -4.
s_add_u32  s21, s4, 3e-7
s_add_u32  s21, s4, 3254500000000
s_add_u32  s21, s4, big
big=3254500000000
s_cmp_eq_i32  xx, s69; xx=12222
#### EXPECTED
warning: clrx_syntax.s:14:21: value 0x2f5bf510100 truncated to 0xbf510100
warning: clrx_syntax.s:15:21: value 0x2f5bf510100 truncated to 0xbf510100
arch GCN1.0
0000: 04 3d 15 80 fc 3d 15 80 04 ab 15 80 04 ff 15 80
0010: 57 02 00 00 04 f0 15 80 04 f2 15 80 04 f7 15 80
0020: 04 ff 15 80 b0 0f a1 34 04 ff 15 80 00 01 51 bf
0030: 04 ff 15 80 00 01 51 bf ff 45 00 bf be 2f 00 00
sym b = 60
sym big = 3254500000000
sym s0 = 43
sym s1 = 600
sym ss = 2
sym xx = 12222
sym zx = 21
s_add_u32       s21, s4, s61
s_add_u32       s21, execz, s61
s_add_u32       s21, s4, 43
s_add_u32       s21, s4, 0x257
s_add_u32       s21, s4, 0.5
s_add_u32       s21, s4, 1.0
s_add_u32       s21, s4, -4.0
s_add_u32       s21, s4, 0x34a10fb0
s_add_u32       s21, s4, 0xbf510100
s_add_u32       s21, s4, 0xbf510100
s_cmp_eq_i32    0x2fbe, s69
