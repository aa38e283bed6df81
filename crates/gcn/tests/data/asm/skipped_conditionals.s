# A label before a directive that decides a skipped branch does not hide it.
.if 0
.int 1
l1: .elseif 1
.int 3
l2: .else
.int 4
.endif
.if 0
l3: .else
.int 5
.endif
#### EXPECTED
arch GCN1.0
0000: 03 00 00 00 05 00 00 00
sym l2 = 4
