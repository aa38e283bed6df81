// Backslash-newline joins lines everywhere, even inside tokens.
in\
t x = 1\
2;
#def\
ine SPLICED va\
lue
SPLICED
"str\
ing" /\
/ a comment \
continued
a </* c */= b <\
<= c
#define MULTI(a, \
  b) a \
  + b
MULTI(1, 2)
// ---- EXPECT ----
// int x = 12;
// value
// "string"
// a < = b <<= c
// 1 + 2
// ---- DIAGNOSTICS ----
