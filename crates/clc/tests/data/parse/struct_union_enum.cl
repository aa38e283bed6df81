struct Point { float x, y; };
struct Point p1;
struct Node;
struct Node { int value; struct Node *next; };
union U { int i; float f; uchar4 bytes; } u1, *u2;
struct { int a; } anon;
struct Bits { unsigned a : 3; unsigned : 5; int b : 1 + 1; };
struct Outer { struct { int x; } inner; union { int i; float f; }; };
enum Color { RED, GREEN = 5, BLUE, };
enum { A, B } e;
enum Color c = BLUE;
int arr[B + 1];

/* EXPECTED
(decl (specs (struct Point (fields (field (specs float) (x) (y))))))
(decl (specs (struct Point)) (p1))
(decl (specs (struct Node)))
(decl
  (specs
    (struct Node
      (fields (field (specs int) (value)) (field (specs (struct Node)) (next (ptr)))))))
(decl
  (specs
    (union U
      (fields
        (field (specs int) (i))
        (field (specs float) (f))
        (field (specs uchar4) (bytes)))))
  (u1)
  (u2 (ptr)))
(decl (specs (struct _ (fields (field (specs int) (a))))) (anon))
(decl
  (specs
    (struct Bits
      (fields
        (field (specs uint) (a (: 3)))
        (field (specs uint) (_ (: 5)))
        (field (specs int) (b (: (+ 1 1))))))))
(decl
  (specs
    (struct Outer
      (fields
        (field (specs (struct _ (fields (field (specs int) (x))))) (inner))
        (field
          (specs (union _ (fields (field (specs int) (i)) (field (specs float) (f))))))))))
(decl (specs (enum Color (enumerators (RED) (GREEN 5) (BLUE)))))
(decl (specs (enum _ (enumerators (A) (B)))) (e))
(decl (specs (enum Color)) (c (= BLUE)))
(decl (specs int) (arr (array (+ B 1))))
--- diagnostics
*/
