int;
const;
mytype x;
void f(void) {
    float3x3 m;
    m = 1;
    undeclared * p;   // an expression statement: a multiplication
}
void g(int a, mytype b, float c);
struct S { int ok; mytype bad; float ok2; };

/* EXPECTED
(decl (specs int))
(function (specs void) (f (fn void)) (block (expr (= m 1)) (expr (* undeclared p))))
(decl (specs (struct S (fields (field (specs int) (ok)) (field (specs float) (ok2))))))
--- diagnostics
warning 1:1: declaration does not declare anything [no name is declared here]
error 2:6: expected a type name [found `;`]
error 3:1: unknown type name `mytype` [expected a type name here]
error 5:5: unknown type name `float3x3` [expected a type name here]
error 9:15: unknown type name `mytype` [expected a type name here]
error 10:20: unknown type name `mytype` [expected a type name here]
*/
