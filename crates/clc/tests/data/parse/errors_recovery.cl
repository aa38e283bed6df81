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

/* EXPECTED
(function (specs void) (f (fn void)) (block (expr (= b (+ a (* 3)))) (while 1 (block))))
(decl (specs int) (ok1))
(decl (specs int) (ok2))
(function (specs float) (h (fn void)) (block (return 1.0f)))
--- diagnostics
error 4:5: expected `;` after declaration [found `int`]
error 5:14: expected an expression [found `;`]
error 7:8: expected `(` after `if` [found `a`]
error 8:21: expected an expression [found `;`]
error 10:1: expected `;` after `return` statement [found `}`]
error 13:5: expected a name in the declaration [found `=`]
error 15:9: expected a parameter declaration [found `{`]
*/
