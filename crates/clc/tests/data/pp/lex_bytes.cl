// Bytes that are not UTF-8 are fine in comments and literals.
/* ÿþ */ // Ã(
"ÿþ" 'ý' ok
ÿ Ã© @ ` \ bad_bytes
"unterminated string
'x
after
/* unterminated comment
// ---- EXPECT ----
// "\377\376" '\375' ok
// bad_bytes
// "unterminated string
// 'x
// after
// ---- DIAGNOSTICS ----
// error: unterminated comment @ lex_bytes.cl:8:1
// error: invalid character '\377' in program @ lex_bytes.cl:4:1
// error: invalid character 'Ã©' in program @ lex_bytes.cl:4:3
// error: invalid character '@' in program @ lex_bytes.cl:4:6
// error: invalid character '`' in program @ lex_bytes.cl:4:8
// error: invalid character '\' in program @ lex_bytes.cl:4:10
