// Type keywords used as names: one error each, the declaration is kept.
void f(void) {
    size_t half = 4;
    for (size_t half = 8; ; ) break;
    int uint, x = 1;
    float y = (int half)x;
    int ok = 1;
}

/* EXPECTED
(function
  (specs void)
  (f (fn void))
  (block
    (decl (specs size_t) (half (= 4)))
    (for (decl (specs size_t) (half (= 8))) _ _ break)
    (decl (specs int) (uint) (x (= 1)))
    (decl (specs int) (ok (= 1)))))
--- diagnostics
error 3:12: `half` is a type keyword in OpenCL C and cannot be used as a name [rename this]
error 4:17: `half` is a type keyword in OpenCL C and cannot be used as a name [rename this]
error 5:9: `uint` is a type keyword in OpenCL C and cannot be used as a name [rename this]
error 6:20: `half` is a type keyword in OpenCL C and cannot be used as a name [rename this]
error 6:20: expected `)` after the type name [found `half`]
*/
