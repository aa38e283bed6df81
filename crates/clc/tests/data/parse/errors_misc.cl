unsigned float a;
signed unsigned int b;
short long c;
int int d;
static extern int e;
__global __local int f;
struct;
void k(void) {
    int x = 08;
    int y = 1abc;
    float z = 1.0q;
    char q = '';
    else x = 1;
    goto 3;
    case_label: }
int if;
struct while { int x; };
long T;
typedef int T;
unsigned T t2;

/* EXPECTED
(decl (specs <error>) (a))
(decl (specs <error>) (b))
(decl (specs <error>) (c))
(decl (specs <error>) (d))
(decl (specs static int) (e))
(decl (specs global int) (f))
(function
  (specs void)
  (k (fn void))
  (block
    (decl (specs int) (x (= <error>)))
    (decl (specs int) (y (= <error>)))
    (decl (specs float) (z (= <error>)))
    (decl (specs char) (q (= <error>)))
    (label case_label empty)))
(decl (specs long) (T))
(decl (specs typedef int) (T))
--- diagnostics
error 1:1: invalid combination of type specifiers `unsigned float` [these type specifiers do not form a type]
error 2:1: invalid combination of type specifiers `signed unsigned int` [these type specifiers do not form a type]
error 3:1: invalid combination of type specifiers `short long` [these type specifiers do not form a type]
error 4:1: invalid combination of type specifiers `int int` [these type specifiers do not form a type]
error 5:8: more than one storage class in a declaration [second storage class]
error 6:10: conflicting address space qualifiers [second address space]
error 7:7: expected a name or `{` after `struct` [found `;`]
error 9:13: invalid digit `8` in octal literal `08` [invalid integer literal]
error 10:13: invalid suffix `abc` on integer literal [invalid integer literal]
error 11:15: invalid floating literal `1.0q` [invalid floating literal]
error 12:14: empty character literal [invalid character literal]
error 13:5: `else` without a previous `if` [found `else`]
error 14:10: expected a label name after `goto` [found number `3`]
warning 15:17: a label at the end of a block is a C23 extension [an empty statement is assumed before this `}`]
error 16:5: expected a name in the declaration, found a keyword [found `if`]
error 17:8: expected a name or `{` after `struct` [found `while`]
error 20:11: expected `;` after declaration [found `t2`]
*/
