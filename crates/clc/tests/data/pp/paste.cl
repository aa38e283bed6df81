#define cat(a, b) a ## b
#define xcat(a, b) cat(a, b)
cat(x, y) cat(1, 2) cat(+, =) cat(<<, =) cat(., 5) cat(1, e5) cat(0x, 1p3)
cat(, y) cat(x, ) cat(,)
#define V 7
cat(V, 1) xcat(V, 1)
#define xy expanded_xy
cat(x, y)
// Invalid pastes: an error, both tokens kept.
cat(+, -) cat(., .) cat(/, /) cat("a", "b")
#define ops(a) -a ## - ## a
ops(-)
#define three(a, b, c) a ## b ## c
three(in, t, eger) three(, , )
#define tail(a) a ## _suffix
tail(name) tail()
// ---- EXPECT ----
// xy 12 += <<= .5 1e5 0x1p3
// y x
// V1 71
// expanded_xy
// + - . . / / "a" "b"
// - ---
// integer
// name_suffix _suffix
// ---- DIAGNOSTICS ----
// error: pasting "+" and "-" does not give a valid preprocessing token @ paste.cl:10:1
// error: pasting "." and "." does not give a valid preprocessing token @ paste.cl:10:11
// error: pasting "/" and "/" does not give a valid preprocessing token @ paste.cl:10:21
// error: pasting ""a"" and ""b"" does not give a valid preprocessing token @ paste.cl:10:31
// error: pasting "--" and "-" does not give a valid preprocessing token @ paste.cl:12:1
