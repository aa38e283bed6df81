# A chain of 100 forward definitions (each .set names the next, defined later) is
# not a cycle: every symbol gets the last one's value. Before, 65 links were taken
# for a cycle.
.int a0
.set a0, a1
.set a1, a2
.set a2, a3
.set a3, a4
.set a4, a5
.set a5, a6
.set a6, a7
.set a7, a8
.set a8, a9
.set a9, a10
.set a10, a11
.set a11, a12
.set a12, a13
.set a13, a14
.set a14, a15
.set a15, a16
.set a16, a17
.set a17, a18
.set a18, a19
.set a19, a20
.set a20, a21
.set a21, a22
.set a22, a23
.set a23, a24
.set a24, a25
.set a25, a26
.set a26, a27
.set a27, a28
.set a28, a29
.set a29, a30
.set a30, a31
.set a31, a32
.set a32, a33
.set a33, a34
.set a34, a35
.set a35, a36
.set a36, a37
.set a37, a38
.set a38, a39
.set a39, a40
.set a40, a41
.set a41, a42
.set a42, a43
.set a43, a44
.set a44, a45
.set a45, a46
.set a46, a47
.set a47, a48
.set a48, a49
.set a49, a50
.set a50, a51
.set a51, a52
.set a52, a53
.set a53, a54
.set a54, a55
.set a55, a56
.set a56, a57
.set a57, a58
.set a58, a59
.set a59, a60
.set a60, a61
.set a61, a62
.set a62, a63
.set a63, a64
.set a64, a65
.set a65, a66
.set a66, a67
.set a67, a68
.set a68, a69
.set a69, a70
.set a70, a71
.set a71, a72
.set a72, a73
.set a73, a74
.set a74, a75
.set a75, a76
.set a76, a77
.set a77, a78
.set a78, a79
.set a79, a80
.set a80, a81
.set a81, a82
.set a82, a83
.set a83, a84
.set a84, a85
.set a85, a86
.set a86, a87
.set a87, a88
.set a88, a89
.set a89, a90
.set a90, a91
.set a91, a92
.set a92, a93
.set a93, a94
.set a94, a95
.set a95, a96
.set a96, a97
.set a97, a98
.set a98, a99
.set a99, a100
.set a100, 7
.int a0, a50 + 1
#### EXPECTED
arch GCN1.0
0000: 07 00 00 00 07 00 00 00 08 00 00 00
sym a0 = 7
sym a1 = 7
sym a10 = 7
sym a100 = 7
sym a11 = 7
sym a12 = 7
sym a13 = 7
sym a14 = 7
sym a15 = 7
sym a16 = 7
sym a17 = 7
sym a18 = 7
sym a19 = 7
sym a2 = 7
sym a20 = 7
sym a21 = 7
sym a22 = 7
sym a23 = 7
sym a24 = 7
sym a25 = 7
sym a26 = 7
sym a27 = 7
sym a28 = 7
sym a29 = 7
sym a3 = 7
sym a30 = 7
sym a31 = 7
sym a32 = 7
sym a33 = 7
sym a34 = 7
sym a35 = 7
sym a36 = 7
sym a37 = 7
sym a38 = 7
sym a39 = 7
sym a4 = 7
sym a40 = 7
sym a41 = 7
sym a42 = 7
sym a43 = 7
sym a44 = 7
sym a45 = 7
sym a46 = 7
sym a47 = 7
sym a48 = 7
sym a49 = 7
sym a5 = 7
sym a50 = 7
sym a51 = 7
sym a52 = 7
sym a53 = 7
sym a54 = 7
sym a55 = 7
sym a56 = 7
sym a57 = 7
sym a58 = 7
sym a59 = 7
sym a6 = 7
sym a60 = 7
sym a61 = 7
sym a62 = 7
sym a63 = 7
sym a64 = 7
sym a65 = 7
sym a66 = 7
sym a67 = 7
sym a68 = 7
sym a69 = 7
sym a7 = 7
sym a70 = 7
sym a71 = 7
sym a72 = 7
sym a73 = 7
sym a74 = 7
sym a75 = 7
sym a76 = 7
sym a77 = 7
sym a78 = 7
sym a79 = 7
sym a8 = 7
sym a80 = 7
sym a81 = 7
sym a82 = 7
sym a83 = 7
sym a84 = 7
sym a85 = 7
sym a86 = 7
sym a87 = 7
sym a88 = 7
sym a89 = 7
sym a9 = 7
sym a90 = 7
sym a91 = 7
sym a92 = 7
sym a93 = 7
sym a94 = 7
sym a95 = 7
sym a96 = 7
sym a97 = 7
sym a98 = 7
sym a99 = 7
