typedef float real;
typedef struct { real x, y; } vec2_t;
typedef real *real_ptr, real_arr[4];

real r;
real_ptr rp;
vec2_t v;

void f(real a, real *b) {
    real c = a * *b;       // declaration: `real` is a type here
    c * b;                 // expression: `c` is a variable
    {
        int real = 3;      // shadows the typedef in this block
        real * 2;          // ... so this is a multiplication
    }
    real d = (real)c;      // the typedef is visible again
    float e = (c) - 1;     // `(c)` is a parenthesized expression, not a cast
    float g = (real) - 1;  // a cast of -1
}

void g(int real) {
    real * 2;              // a parameter shadows the typedef in the body
}

/* EXPECTED
(decl (specs typedef float) (real))
(decl
  (specs typedef (struct _ (fields (field (specs (typedef-name real)) (x) (y)))))
  (vec2_t))
(decl (specs typedef (typedef-name real)) (real_ptr (ptr)) (real_arr (array 4)))
(decl (specs (typedef-name real)) (r))
(decl (specs (typedef-name real_ptr)) (rp))
(decl (specs (typedef-name vec2_t)) (v))
(function
  (specs void)
  (f
    (fn
      (param (specs (typedef-name real)) a)
      (param (specs (typedef-name real)) b (ptr))))
  (block
    (decl (specs (typedef-name real)) (c (= (* a (* b)))))
    (expr (* c b))
    (block (decl (specs int) (real (= 3))) (expr (* real 2)))
    (decl
      (specs (typedef-name real))
      (d (= (cast (type (specs (typedef-name real))) c))))
    (decl (specs float) (e (= (- c 1))))
    (decl (specs float) (g (= (cast (type (specs (typedef-name real))) (- 1)))))))
(function (specs void) (g (fn (param (specs int) real))) (block (expr (* real 2))))
--- diagnostics
*/
