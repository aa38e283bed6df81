char2 a; uchar3 b; short4 c; ushort8 d; int16 e; uint2 f; long3 g; ulong4 h;
float8 i; double16 j; half2 k;
// Not vector types: these are ordinary identifiers, so this is a declaration error.
float5 l;

/* EXPECTED
(decl (specs char2) (a))
(decl (specs uchar3) (b))
(decl (specs short4) (c))
(decl (specs ushort8) (d))
(decl (specs int16) (e))
(decl (specs uint2) (f))
(decl (specs long3) (g))
(decl (specs ulong4) (h))
(decl (specs float8) (i))
(decl (specs double16) (j))
(decl (specs half2) (k))
--- diagnostics
error 4:1: unknown type name `float5` [expected a type name here]
*/
