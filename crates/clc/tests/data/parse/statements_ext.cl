// Extensions Clang accepts in OpenCL C: labels before `}`, statement attributes.
void f(int n) {
    switch (n) {
    case 0:
        n++;
        __attribute__((fallthrough));
    case 1:
        n--;
    default:
    }
    __attribute__((opencl_unroll_hint(4)))
    for (int i = 0; i < n; i++) {}
    __attribute__((aligned(16))) int x[4];
    int y __attribute__((aligned(8))) = 1;
    goto done;
done:
}

/* EXPECTED
(function
  (specs void)
  (f (fn (param (specs int) n)))
  (block
    (switch n
      (block
        (case 0 (expr (post++ n)))
        empty
        (case 1 (expr (post-- n)))
        (default empty)))
    (for (decl (specs int) (i (= 0))) (< i n) (post++ i) (block))
    (decl (specs int (attr aligned 16)) (x (array 4)))
    (decl (specs int) (y (attr aligned 8) (= 1)))
    (goto done)
    (label done empty)))
--- diagnostics
warning 6:24: attributes on statements are ignored [not supported on a statement yet]
warning 10:5: a label at the end of a block is a C23 extension [an empty statement is assumed before this `}`]
warning 11:20: attributes on statements are ignored [not supported on a statement yet]
warning 17:1: a label at the end of a block is a C23 extension [an empty statement is assumed before this `}`]
*/
