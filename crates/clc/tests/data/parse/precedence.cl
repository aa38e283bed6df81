void f(void) {
    x = a + b * c - d / e % g;
    x = a << 1 + 2 >> 3;
    x = a < b == c > d;
    x = a & b ^ c | d && e || f2;
    x = a || b && c | d ^ e & g;
    x = a ? b : c ? d : e;
    x = a ? b, c : d;
    x = y = z += 1;
    x -= 1, y *= 2, z /= 3;
    x %= 1; x <<= 2; x >>= 3; x &= 4; x ^= 5; x |= 6;
    x = -a * !b + ~c;
    x = *p++ + *--q;
    x = &a[1]->b.c;
    x = f3(1, 2)(3)[4];
    x = a++ + ++b - b-- - --a;
    x = - - a;
    x = (a + b) * c;
    x = a - b - c;
    x = sizeof a + 1;
    x = a < b < c;
}

/* EXPECTED
(function
  (specs void)
  (f (fn void))
  (block
    (expr (= x (- (+ a (* b c)) (% (/ d e) g))))
    (expr (= x (>> (<< a (+ 1 2)) 3)))
    (expr (= x (== (< a b) (> c d))))
    (expr (= x (|| (&& (| (^ (& a b) c) d) e) f2)))
    (expr (= x (|| a (&& b (| c (^ d (& e g)))))))
    (expr (= x (?: a b (?: c d e))))
    (expr (= x (?: a (, b c) d)))
    (expr (= x (= y (+= z 1))))
    (expr (, (, (-= x 1) (*= y 2)) (/= z 3)))
    (expr (%= x 1))
    (expr (<<= x 2))
    (expr (>>= x 3))
    (expr (&= x 4))
    (expr (^= x 5))
    (expr (|= x 6))
    (expr (= x (+ (* (- a) (! b)) (~ c))))
    (expr (= x (+ (* (post++ p)) (* (pre-- q)))))
    (expr (= x (& (. (-> (index a 1) b) c))))
    (expr (= x (index (call (call f3 1 2) 3) 4)))
    (expr (= x (- (- (+ (post++ a) (pre++ b)) (post-- b)) (pre-- a))))
    (expr (= x (- (- a))))
    (expr (= x (* (+ a b) c)))
    (expr (= x (- (- a b) c)))
    (expr (= x (+ (sizeof a) 1)))
    (expr (= x (< (< a b) c)))))
--- diagnostics
*/
