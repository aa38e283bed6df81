# Statements in skipped branches are lexed only when they decide a branch; one that
# does not lex gets a diagnostic, not an internal error, and takes no branch.
.if 0
.elseif 
.int 1
.else
.int 2
.endif
.if 0
.elseif
.endif
.if 0
.if 1
.elseif 
.endif
.else
.int 4
.endif
#### EXPECTED
error: skipped_conditionals_bad.s:4:9: unexpected character '\u{1}'
error: skipped_conditionals_bad.s:10:8: expected an expression
