// Several independent errors; each is reported once and parsing continues.
void f(void) {
    int a = 1
    int b = 2;
    a = (b + ;
    b = a +* 3;
    if a) {}
    while (1) { x = ; }
    return 0
}

int ok1;
int = 3;
int ok2;
void g( { }
float h(void) { return 1.0f; }
// A malformed condition is skipped up to its `)`; the body is still parsed.
void k(int a, int b) {
    if (a b) { a = 1 }
    while (1 +) { b = 2; }
    for (int i = 0; i < ; i++) { b = 3; }
    switch (a) { case 1: b = 4 }
    if (a { b = 5; }
    b = 6;
}

/* EXPECTED
(function
  (specs void)
  (f (fn void))
  (block
    (decl (specs int) (a (= 1)))
    (decl (specs int) (b (= 2)))
    (expr (= b (+ a (* 3))))
    (while 1 (block))
    (return 0)))
(decl (specs int) (ok1))
(decl (specs int) (ok2))
(function (specs float) (h (fn void)) (block (return 1.0f)))
(function
  (specs void)
  (k (fn (param (specs int) a) (param (specs int) b)))
  (block <error> <error> <error>
    (switch a (block (case 1 (expr (= b 4)))))
    (expr (= b 6))))
--- diagnostics
error 3:14: expected `;` after declaration [add `;` here]
error 5:14: expected an expression [found `;`]
error 7:8: expected `(` after `if` [found `a`]
error 8:21: expected an expression [found `;`]
error 9:13: expected `;` after `return` statement [add `;` here]
error 13:5: expected a name in the declaration [found `=`]
error 15:9: expected a parameter declaration [found `{`]
error 19:11: expected `)` after the `if` condition [found `b`]
error 19:21: expected `;` after expression [add `;` here]
error 20:15: expected an expression [found `)`]
error 21:25: expected an expression [found `;`]
error 22:31: expected `;` after expression [add `;` here]
error 23:11: expected `)` after the `if` condition [found `{`]
*/
