// The examples of C99 6.10.3.3-6.10.3.5, written out from the standard's description.
#define x 3
#define f(a) f(x * (a))
#undef x
#define x 2
#define g f
#define z z[0]
#define h g(~
#define m(a) a(w)
#define w 0,1
#define t(a) a
#define p() int
#define q(x) x
#define r(x,y) x ## y
#define str(x) # x
f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);
g(x+(3,4)-w) | h 5) & m
(f)^m(m);
p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };
char c[2][6] = { str(hello), str() };
#undef f
#undef g
#undef h
#undef m
#undef p
#undef q
#undef r
#undef t
#undef w
#undef x
#undef z
#undef str
// EXAMPLE 4
#define str(s) # s
#define xstr(s) str(s)
#define debug(s, t) printf("x" # s "= %d, x" # t "= %s", \
 x ## s, x ## t)
#define INCFILE(n) vers ## n
#define glue(a, b) a ## b
#define xglue(a, b) glue(a, b)
#define HIGHLOW "hello"
#define LOW LOW ", world"
debug(1, 2);
fputs(str(strncmp("abc\0d", "abc", '\4') // this goes away
 == 0) str(: @\n), s);
#include xstr(INCFILE(2).h)
glue(HIGH, LOW);
xglue(HIGH, LOW)
// EXAMPLE 5: placemarkers
#undef t
#define t(x,y,z) x ## y ## z
int j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,),
 t(10,,), t(,11,), t(,,12), t(,,) };
// EXAMPLE 6: valid redefinitions (no diagnostics) ...
#define OBJ_LIKE (1-1)
#define OBJ_LIKE /* white space */ (1-1) /* other */
#define FUNC_LIKE(a) ( a )
#define FUNC_LIKE( a )( /* note the white space */ \
 a /* other stuff on this line
 */ )
// ... and invalid ones (a warning each)
#define OBJ_LIKE (0)
#define OBJ_LIKE (1 - 1)
#define FUNC_LIKE(b) ( a )
#define FUNC_LIKE(b) ( b )
// EXAMPLE 7: variadic
#undef debug
#define debug(...) fprintf(stderr, __VA_ARGS__)
#define showlist(...) puts(#__VA_ARGS__)
#define report(test, ...) ((test)?puts(#test):\
 printf(__VA_ARGS__))
debug("Flag");
debug("X = %d\n", x);
showlist(The first, second, and third items.);
report(x>y, "x is %d but y is %d", x, y);
// 6.10.3.3 EXAMPLE: ## produced by ## is not an operator
#define hash_hash # ## #
#define mkstr(a) # a
#define in_between(a) mkstr(a)
#define join(c, d) in_between(c hash_hash d)
char p[] = join(x, y);
// 6.10.3.4 EXAMPLE: the standard allows 2*9*g or 2*f(9); gcc and clang give 2*9*g
#undef f
#undef g
#define f(a) a*g
#define g(a) f(a)
f(2)(9)
//--- vers2.h
included_vers2_h
// ---- EXPECT ----
// f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);
// f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);
// int i[] = { 1, 23, 4, 5, };
// char c[2][6] = { "hello", "" };
// printf("x" "1" "= %d, x" "2" "= %s", x1, x2);
// fputs("strncmp(\"abc\\0d\", \"abc\", '\\4') == 0" ": @\n", s);
// included_vers2_h
// "hello";
// "hello" ", world"
// int j[] = { 123, 45, 67, 89,
// 10, 11, 12, };
// fprintf(stderr, "Flag");
// fprintf(stderr, "X = %d\n", x);
// puts("The first, second, and third items.");
// ((x>y)?puts("x>y"): printf("x is %d but y is %d", x, y));
// char p[] = "x ## y";
// 2*9*g
// ---- DIAGNOSTICS ----
// warning: 'OBJ_LIKE' macro redefined @ c99_examples.cl:62:9
// warning: 'OBJ_LIKE' macro redefined @ c99_examples.cl:63:9
// warning: 'FUNC_LIKE' macro redefined @ c99_examples.cl:64:9
// warning: 'FUNC_LIKE' macro redefined @ c99_examples.cl:65:9
