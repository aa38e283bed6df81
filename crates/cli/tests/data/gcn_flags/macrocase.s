# A macro defined in one case and called in another: only `-m` makes names
# case-sensitive.
.macro Foo
    s_endpgm
.endm
foo
