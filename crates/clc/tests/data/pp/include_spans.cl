// ARGS: --spans
// Tokens keep their own file's spans; an expansion points at its invocation.
#include "h.h"
M(x) main_token
//--- h.h
#define M(a) a + H
#define H header_macro
in_header M(y)
// ---- EXPECT ----
// Ident in_header @ h.h:3:1
// Ident y @ h.h:3:13
// Punct(Plus) + @ h.h:3:11
// Ident header_macro @ h.h:3:11
// Ident x @ include_spans.cl:4:3
// Punct(Plus) + @ include_spans.cl:4:1
// Ident header_macro @ include_spans.cl:4:1
// Ident main_token @ include_spans.cl:4:6
// Eof  @ include_spans.cl:5:1
// ---- DIAGNOSTICS ----
