// CRLF line endings and a splice before CR LF.
#define A 1 \
 + 2
A
#if A == 3
three
#endif
// ---- EXPECT ----
// 1 + 2
// three
// ---- DIAGNOSTICS ----
