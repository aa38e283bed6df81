// ARGS: --max-expansion=64 --max-if-depth=8
// Exponential expansion hits the budget and stops with one error.
#define e0 x x
#define e1 e0 e0
#define e2 e1 e1
#define e3 e2 e2
#define e4 e3 e3
#define e5 e4 e4
#define e6 e5 e5
#define e7 e6 e6
#define e8 e7 e7
#define e9 e8 e8
#define e10 e9 e9
#define e11 e10 e10
#define e12 e11 e11
#define e13 e12 e12
#define e14 e13 e13
#define e15 e14 e14
#define e16 e15 e15
after_budget e16
#if 1
#if 1
#if 1
#if 1
#if 1
#if 1
#if 1
#if 1
#if 1
too_deep
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
back_out
#if ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1
deep_parens
#endif
#if - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - 1
unary_100
#endif
#if - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - 1
deep_unary
#endif
end
// ---- EXPECT ----
// after_budget x x x x x x x x x x x x x x x x x x e1 e2 e4 e5 e6 e7 e8 e9 e10 e11 e12 e13 e14 e15
// back_out
// unary_100
// end
// ---- DIAGNOSTICS ----
// error: macro expansion produces too many tokens (the limit MAX_EXPANSION_TOKENS is 64); macros are no longer expanded @ hostile.cl:20:14
// error: #if nested too deeply (the limit MAX_IF_DEPTH is 8) @ hostile.cl:29:1
// error: expression in #if is nested too deeply (the limit MAX_PP_EXPR_DEPTH is 256) @ hostile.cl:41:133
// error: expression in #if is nested too deeply (the limit MAX_PP_EXPR_DEPTH is 256) @ hostile.cl:47:515
