int f(int n) {
    int s = 0;
    ;
    { }
    if (n) s = 1;
    if (n) s = 1; else s = 2;
    if (n) if (s) s = 3; else s = 4;   // the else binds to the inner if
    while (n > 0) n--;
    do { n++; } while (n < 10);
    for (;;) break;
    for (int i = 0, j = 1; i < n; i++, j++) continue;
    for (s = 0; s < 3; ++s) {}
    switch (n) {
    case 0: s = 1; break;
    case 1: case 2: { s = 2; } break;
    default: s = 3;
    }
again:
    if (s < 10) { s++; goto again; }
    int late = s;
    return late + s;
}
void v(void) { return; }

/* EXPECTED
(function
  (specs int)
  (f (fn (param (specs int) n)))
  (block
    (decl (specs int) (s (= 0)))
    empty
    (block)
    (if n (expr (= s 1)))
    (if n (expr (= s 1)) (expr (= s 2)))
    (if n (if s (expr (= s 3)) (expr (= s 4))))
    (while (> n 0) (expr (post-- n)))
    (do (block (expr (post++ n))) (< n 10))
    (for _ _ _ break)
    (for
      (decl (specs int) (i (= 0)) (j (= 1)))
      (< i n)
      (, (post++ i) (post++ j))
      continue)
    (for (= s 0) (< s 3) (pre++ s) (block))
    (switch n
      (block
        (case 0 (expr (= s 1)))
        break
        (case 1 (case 2 (block (expr (= s 2)))))
        break
        (default (expr (= s 3)))))
    (label again (if (< s 10) (block (expr (post++ s)) (goto again))))
    (decl (specs int) (late (= s)))
    (return (+ late s))))
(function (specs void) (v (fn void)) (block (return)))
--- diagnostics
*/
