# .section: the main binary's or (anywhere else) the inner binary's extra sections.
.amdcl2
.gpu Tonga
.section .a, "q"
.section .b, "a", @foo
.section .c, "a"
.section .c, "w"
.kernel k
    .config
.section .d
#### EXPECTED
error: sections.s:4:1: Unknown section flag 'q' (expected a, w or x)
error: sections.s:5:1: Unknown section type '@foo' (expected progbits, nobits or note)
error: sections.s:7:1: Section '.c' was already given other flags or type
error: sections.s:10:1: Inner section are allowed only for new binary format
