#error this is an error, with 'quotes' and "strings"
#warning watch out
#foo
#
# 
#include_next <x.h>
#define
#define 3
#define defined
#undef
#undef 3
#undef X extra
#define A 1
#undef A
A
#define
#define SPACE_BEFORE_PAREN (x) body
SPACE_BEFORE_PAREN
kept # stray ## hashes
// ---- EXPECT ----
// A
// (x) body
// kept # stray ## hashes
// ---- DIAGNOSTICS ----
// error: #error this is an error, with 'quotes' and "strings" @ directives.cl:1:1
// warning: #warning watch out @ directives.cl:2:1
// error: invalid preprocessing directive '#foo' @ directives.cl:3:2
// error: invalid preprocessing directive '#include_next' @ directives.cl:6:2
// error: macro name missing in #define @ directives.cl:7:1
// error: macro names must be identifiers @ directives.cl:8:9
// error: 'defined' cannot be used as a macro name @ directives.cl:9:9
// error: no macro name given in #undef directive @ directives.cl:10:1
// error: macro names must be identifiers @ directives.cl:11:8
// warning: extra tokens at end of #undef directive @ directives.cl:12:10
// error: macro name missing in #define @ directives.cl:16:1
