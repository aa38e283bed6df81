#define v(...) [__VA_ARGS__]
v() v(1) v(1, 2) v((a, b), c) v( , )
#define w(a, ...) <a|__VA_ARGS__>
w(1) w(1,) w(1, 2, 3)
#define cnt(...) #__VA_ARGS__
cnt(a,b ,  c)
// GNU comma elision, as gcc and clang do it.
#define e(fmt, ...) printf(fmt, ## __VA_ARGS__)
e("x") e("x", 1) e("x", 1, 2)
#define fwd(...) v(__VA_ARGS__)
fwd(1, 2)
// ---- EXPECT ----
// [] [1] [1, 2] [(a, b), c] [,]
// <1|> <1|> <1|2, 3>
// "a,b , c"
// printf("x") printf("x", 1) printf("x", 1, 2)
// [1, 2]
// ---- DIAGNOSTICS ----
