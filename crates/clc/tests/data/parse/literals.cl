void f(void) {
    a = 42; a = 0; a = 017; a = 0x1F; a = 0XffU; a = 10UL; a = 10lu; a = 5ll; a = 7ULL;
    a = 18446744073709551615u;
    b = 1.0; b = 1.5f; b = .5; b = 1e-3; b = 2.F; b = 0x1p4; b = 0x1.8p-1f; b = 2.5h; b = 1e10L;
    c = 'a'; c = '\n'; c = '\x41'; c = '\101'; c = '\''; c = '\\'; c = '\0';
    s = "abc"; s = "a" "b" "c"; s = "tab\there"; s = "";
}

/* EXPECTED
(function
  (specs void)
  (f (fn void))
  (block
    (expr (= a 42))
    (expr (= a 0))
    (expr (= a (int 15 octal)))
    (expr (= a (int 31 hex)))
    (expr (= a (int 255 hex u)))
    (expr (= a (int 10 u l)))
    (expr (= a (int 10 u l)))
    (expr (= a (int 5 ll)))
    (expr (= a (int 7 u ll)))
    (expr (= a (int 18446744073709551615 u)))
    (expr (= b 1.0))
    (expr (= b 1.5f))
    (expr (= b 0.5))
    (expr (= b 0.001))
    (expr (= b 2.0f))
    (expr (= b 16.0))
    (expr (= b 0.75f))
    (expr (= b 2.5h))
    (expr (= b 10000000000.0l))
    (expr (= c (char 97)))
    (expr (= c (char 10)))
    (expr (= c (char 65)))
    (expr (= c (char 65)))
    (expr (= c (char 39)))
    (expr (= c (char 92)))
    (expr (= c (char 0)))
    (expr (= s (string "abc")))
    (expr (= s (string "abc")))
    (expr (= s (string "tab\there")))
    (expr (= s (string "")))))
--- diagnostics
*/
