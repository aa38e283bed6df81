#define two(a, b) a b
#define none() N
#define var(a, ...) a __VA_ARGS__
two(1) two(1, 2, 3) two() none(1) var() two((1, 2), 3) after
#define bad_hash(x) # y
#define bad_paste_start ## x
#define bad_paste_end(x) x ##
#define dup(a, a) a
#define noclose(a, b
#define va_misuse __VA_ARGS__
#define va_param(__VA_ARGS__) x
#define after_dots(...a) x
#define trailing_comma(a,) x
#define number_param(1) x
two(unterminated, invocation
// ---- EXPECT ----
// (1, 2) 3 after
// ---- DIAGNOSTICS ----
// error: macro 'two' requires 2 arguments, but 1 given @ arg_errors.cl:4:1
// error: macro 'two' requires 2 arguments, but 3 given @ arg_errors.cl:4:8
// error: macro 'two' requires 2 arguments, but 1 given @ arg_errors.cl:4:21
// error: macro 'none' requires 0 arguments, but 1 given @ arg_errors.cl:4:27
// error: '#' is not followed by a macro parameter @ arg_errors.cl:5:21
// error: '##' cannot appear at either end of a macro expansion @ arg_errors.cl:6:25
// error: '##' cannot appear at either end of a macro expansion @ arg_errors.cl:7:28
// error: duplicate macro parameter 'a' @ arg_errors.cl:8:16
// error: expected ',' or ')' after macro parameter @ arg_errors.cl:9:20
// error: __VA_ARGS__ can only appear in the expansion of a variadic macro @ arg_errors.cl:10:19
// error: __VA_ARGS__ can not be used as a parameter name @ arg_errors.cl:11:18
// error: missing ')' after '...' in macro parameter list @ arg_errors.cl:12:20
// error: expected a parameter name in macro parameter list @ arg_errors.cl:13:26
// error: expected a parameter name in macro parameter list @ arg_errors.cl:14:22
// error: unterminated argument list invoking macro 'two' @ arg_errors.cl:15:1
