int a = 1;
int b[3] = {1, 2, 3,};
int c[2][2] = {{1, 2}, {3, 4}};
struct S { int x; float y[2]; struct { int z; } in; };
struct S s1 = {.x = 1, .y = {1.0f, 2.0f}, .in.z = 3};
struct S s2 = {.y[1] = 2.0f, [0] = 1};
int d[10] = {[2] = 5, [4] = 6, 7};
float4 f4 = {1.0f, 2.0f, 3.0f, 4.0f};
int e = {3};
int empty[1] = {};
void g(void) {
    struct S t = (struct S){.x = 5};
    int *q = (int[]){1, 2, 3};
    int n = sizeof (int[]){1, 2}, k = 0;
}

/* EXPECTED
(decl (specs int) (a (= 1)))
(decl (specs int) (b (array 3) (= (init-list 1 2 3))))
(decl
  (specs int)
  (c (array 2) (array 2) (= (init-list (init-list 1 2) (init-list 3 4)))))
(decl
  (specs
    (struct S
      (fields
        (field (specs int) (x))
        (field (specs float) (y (array 2)))
        (field (specs (struct _ (fields (field (specs int) (z))))) (in))))))
(decl
  (specs (struct S))
  (s1
    (=
      (init-list
        (designated .x 1)
        (designated .y (init-list 1.0f 2.0f))
        (designated .in .z 3)))))
(decl
  (specs (struct S))
  (s2 (= (init-list (designated .y ([] 1) 2.0f) (designated ([] 0) 1)))))
(decl
  (specs int)
  (d (array 10) (= (init-list (designated ([] 2) 5) (designated ([] 4) 6) 7))))
(decl (specs float4) (f4 (= (init-list 1.0f 2.0f 3.0f 4.0f))))
(decl (specs int) (e (= (init-list 3))))
(decl (specs int) (empty (array 1) (= (init-list))))
(function
  (specs void)
  (g (fn void))
  (block
    (decl
      (specs (struct S))
      (t (= (compound-literal (type (specs (struct S))) (init-list (designated .x 5))))))
    (decl
      (specs int)
      (q (ptr) (= (compound-literal (type (specs int) (array)) (init-list 1 2 3)))))
    (decl
      (specs int)
      (n (= (sizeof (compound-literal (type (specs int) (array)) (init-list 1 2)))))
      (k (= 0)))))
--- diagnostics
*/
