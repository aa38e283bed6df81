// Tricky rescanning cases; the expectation was checked by hand against gcc -E -P (same
// tokens; gcc puts a space before '# define').
#define f(x) x g
#define g f
f(1)(2)
#define AA BB
#define BB AA
#define F(x) x
F(AA) F(BB)
#define obj(x) x obj
obj(obj)(3)
#define q(x) x
#define r q(r
r))
#define nil(x) x
nil(nil)(nil)(4)
#define LPAREN (
#define RPAREN )
#define F2(x, y) x + y
#define ELLIP_FUNC(...) __VA_ARGS__
ELLIP_FUNC(F2, LPAREN, 'a', 'b', RPAREN);
#define i(x) x
#define j i(
j 5))
#define EMPTY
#define k() K
k EMPTY ()
#define str(x) #x
#define xstr(x) str(x)
xstr(__LINE__) str(__LINE__)
#define t1(x) [x]
#define t2 t1(t2
t2))
#define AND &&
#if 1 AND 1
and_ok
#endif
#define hash #
#define mk(x) hash x
mk(define)
#define paste_va(a, ...) a ## __VA_ARGS__
paste_va(x, y, z) paste_va(x) paste_va(, y)
#define cat3(a,b,c) a##b##c
cat3(1,,) cat3(,,3) cat3(1, 2 3, 4)
#define s3(x) #x
s3(  "a\n"  L'x'   '\''  ) s3(a\
b)
// ---- EXPECT ----
// 1 f(2)
// AA BB
// obj obj(3)
// r)
// nil(nil)(4)
// F2, (, 'a', 'b', );
// 5)
// k ()
// "30" "__LINE__"
// [t2])
// and_ok
// # define
// xy, z x y
// 1 3 12 34
// "\"a\\n\" L'x' '\\''" "ab"
// ---- DIAGNOSTICS ----
