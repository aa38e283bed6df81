#define s(x) #x
#define xs(x) s(x)
s(  a   b
   c  )
s("quote\"d" 'c' '\n' "back\\slash")
s()
s( ( a , b ) )
#define V 42
s(V) xs(V)
s(a/* comment */b) s(a /**/ + b)
s(@)
#define s2(x, y) #x #y
s2(,)
// ---- EXPECT ----
// "a b c"
// "\"quote\\\"d\" 'c' '\\n' \"back\\\\slash\""
// ""
// "( a , b )"
// "V" "42"
// "a b" "a + b"
// "@"
// "" ""
// ---- DIAGNOSTICS ----
