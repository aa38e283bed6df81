// Self-reference and the no-recursion rule.
#define foo foo
foo
#define x (4 + y)
#define y (2 * x)
x y
#define a b
#define b a
a b
// A name painted blue stays unexpanded even when rescanned later.
#define lparen (
#define f(q) [q]
#define g f
g(1) g lparen 2)
#define id(q) q
id(id)(3)
#define ff(q) q ff
ff(1)(2)
// Function-like name not followed by '(' is left alone, also across lines.
f
(4) f
;
#define h() H
h ( ) h (
)
// A macro whose expansion ends in a function-like name takes its arguments from the file.
#define call f
call(5)
#define empty
f empty (6)
// ---- EXPECT ----
// foo
// (4 + (2 * x)) (2 * (4 + y))
// a b
// [1] f ( 2)
// id(3)
// 1 ff(2)
// [4] f
// ;
// H H
// [5]
// f (6)
// ---- DIAGNOSTICS ----
