#define f(x) x
f(
#include "x.h"
)
#include "unterminated.h"
still_here
//--- x.h
x_h
//--- unterminated.h
#if 1
in_unterminated
#define g(x) x
g(1
// ---- EXPECT ----
// in_unterminated
// still_here
// ---- DIAGNOSTICS ----
// error: #include inside macro arguments is not supported @ include_errors.cl:3:1
// error: unterminated argument list invoking macro 'g' @ unterminated.h:4:1
// error: unterminated conditional directive @ unterminated.h:1:1
