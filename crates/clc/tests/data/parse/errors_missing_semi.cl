// A tag definition missing its `;`: one error, and both declarations are kept.
struct S { int x; }
int after_struct;
enum E { A, B }
float after_enum;
struct Outer {
    struct Inner { int y; }
    int z;
};
void f(void) {
    union U { int i; float f; }
    unsigned n = 0;
}

/* EXPECTED
(decl (specs (struct S (fields (field (specs int) (x))))))
(decl (specs int) (after_struct))
(decl (specs (enum E (enumerators (A) (B)))))
(decl (specs float) (after_enum))
(decl
  (specs
    (struct Outer
      (fields
        (field (specs (struct Inner (fields (field (specs int) (y))))))
        (field (specs int) (z))))))
(function
  (specs void)
  (f (fn void))
  (block
    (decl (specs (union U (fields (field (specs int) (i)) (field (specs float) (f))))))
    (decl (specs uint) (n (= 0)))))
--- diagnostics
error 2:20: expected `;` after the struct definition [add `;` here]
error 4:16: expected `;` after the enum definition [add `;` here]
error 7:28: expected `;` after the struct definition [add `;` here]
error 11:32: expected `;` after the union definition [add `;` here]
*/
