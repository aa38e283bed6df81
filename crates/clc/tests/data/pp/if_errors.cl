#if
empty
#endif
#if 1 / 0
div
#endif
#if 1.5
float
#endif
#if (1
paren
#endif
#if 1 2
two_values
#endif
#if "str"
string
#endif
#if defined
defined_nothing
#endif
#if defined(X
defined_paren
#endif
#if 1 ?
ternary
#endif
#if 99999999999999999999
too_large
#endif
#if 1 = 1
assignment
#endif
#ifdef
noname
#endif
#ifdef 3
number
#endif
#ifdef A extra
extra
#endif
#if 1
#else
#else
#endif
#if 0
#else
#elif 1
after_else
#endif
#endif
#else
#elif 1
#if 1
unterminated
// ---- EXPECT ----
// unterminated
// ---- DIAGNOSTICS ----
// error: #if with no expression @ if_errors.cl:1:1
// error: division by zero in #if @ if_errors.cl:4:7
// error: floating constant '1.5' in preprocessor expression @ if_errors.cl:7:5
// error: missing ')' in expression @ if_errors.cl:10:5
// error: missing binary operator before token "2" @ if_errors.cl:13:7
// error: token ""str"" is not valid in preprocessor expressions @ if_errors.cl:16:5
// error: macro name missing after 'defined' @ if_errors.cl:19:5
// error: missing ')' after 'defined' @ if_errors.cl:22:13
// error: expected value in expression @ if_errors.cl:25:8
// error: integer constant '99999999999999999999' is too large @ if_errors.cl:28:5
// error: missing binary operator before token "=" @ if_errors.cl:31:7
// error: no macro name given in #ifdef directive @ if_errors.cl:34:1
// error: macro names must be identifiers @ if_errors.cl:37:8
// warning: extra tokens at end of #ifdef directive @ if_errors.cl:40:10
// error: #else after #else @ if_errors.cl:45:1
// error: #elif after #else @ if_errors.cl:49:1
// error: #endif without #if @ if_errors.cl:52:1
// error: #else without #if @ if_errors.cl:53:1
// error: #elif without #if @ if_errors.cl:54:1
// error: unterminated conditional directive @ if_errors.cl:55:1
