// More rescanning cases where contexts end during argument collection; checked by hand
// against gcc -E -P (identical output).
#define foo() bar
#define bar foo
bar()() bar
#define AA() BB
#define BB() AA
AA()()()()
#define NIL(x) x
#define G_0(arg) NIL(G_1)(arg)
#define G_1(arg) NIL(arg)
G_0(42)
#define m1(x) x m2
#define m2(x) x m1
m1(1)(2)(3)(4)
#define lp (
#define fn(x) <x>
#define call fn lp 7)
call
#define i2(x) x
i2(fn)(8)
#define xx(a) a xx
xx(xx(1))(2)
// ---- EXPECT ----
// foo() foo
// AA
// 42
// 1 2 3 4 m1
// fn ( 7)
// <8>
// 1 xx xx(2)
// ---- DIAGNOSTICS ----
