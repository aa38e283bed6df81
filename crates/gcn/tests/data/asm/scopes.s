# CLRX visibility scopes (.scope/.ends/.using/.unusing, scope paths) and .octa; the
# expected bytes follow CLRX's documentation examples (ClrxAsmSyntax.md).
.scope ala
    sym1 = 4
    sym2 = 11
    .byte sym1          # 4
    .scope child
        sym1 = 5
        .byte sym1      # 5
        .byte sym2      # 11, from 'ala'
    .ends
    .scope
        sym1 = 8
        .byte sym1      # 8
    .ends
    .byte sym1          # 4
.ends
.scope another
    sym2 = 6
    sym3 = 15
.ends
.using ala
.byte sym2              # 11, sym2 of 'ala'
.scope ula
    .using another
    .byte sym2          # 6
.ends
.byte sym2              # 11
g = 9
.byte ala::sym1, ala::child::sym1, ::g   # 4, 5, 9
::ala::sym2 = 7
.byte ala::sym2         # 7
.scope fw
    .byte later         # forward reference binds to fw::later
    later = 3
.ends
.unusing
.octa 0x0123456789abcdef0123456789abcdef, -1, , 5
#### EXPECTED
warning: scopes.s:38:47: no value between commas, 0 stored
arch GCN1.0
0000: 04 05 0b 08 04 0b 06 0b 04 05 09 07 03 ef cd ab
0010: 89 67 45 23 01 ef cd ab 89 67 45 23 01 ff ff ff
0020: ff ff ff ff ff ff ff ff ff ff ff ff ff 00 00 00
0030: 00 00 00 00 00 00 00 00 00 00 00 00 00 05 00 00
0040: 00 00 00 00 00 00 00 00 00 00 00 00 00
sym ala::child::sym1 = 5
sym ala::sym1 = 4
sym ala::sym2 = 7
sym another::sym2 = 6
sym another::sym3 = 15
sym fw::later = 3
sym g = 9
