// ARGS: --spans
#define ONE 1
#define ADD(a, b) (a + b)
#define NEST ADD(ONE, 2)
x ONE ADD(y, z) NEST
ADD(
  p,
  q)
// ---- EXPECT ----
// Ident x @ spans.cl:5:1
// IntLit 1 @ spans.cl:5:3
// Punct(LParen) ( @ spans.cl:5:7
// Ident y @ spans.cl:5:11
// Punct(Plus) + @ spans.cl:5:7
// Ident z @ spans.cl:5:14
// Punct(RParen) ) @ spans.cl:5:7
// Punct(LParen) ( @ spans.cl:5:17
// IntLit 1 @ spans.cl:5:17
// Punct(Plus) + @ spans.cl:5:17
// IntLit 2 @ spans.cl:5:17
// Punct(RParen) ) @ spans.cl:5:17
// Punct(LParen) ( @ spans.cl:6:1
// Ident p @ spans.cl:7:3
// Punct(Plus) + @ spans.cl:6:1
// Ident q @ spans.cl:8:3
// Punct(RParen) ) @ spans.cl:6:1
// Eof  @ spans.cl:9:1
// ---- DIAGNOSTICS ----
