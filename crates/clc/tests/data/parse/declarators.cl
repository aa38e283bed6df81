int *p;
int **pp;
int *a[4];
int (*pa)[4];
int m[2][3];
float *const cp;
int (*fp)(int, float);
int *(*fpa[3])(void);
void proto(int, float *, int [], int (*)(int), ...);
void unnamed(int [4], char *const);
int noproto();
void g(void) {
    int n = sizeof(int *);
    n = sizeof(int (*)[4]);
    n = sizeof(float[3]);
    n = sizeof n;
    n = (int)(long)n;
    p = (int *)0;
    fp = (int (*)(int, float))0;
    n = _Alignof(double) + __alignof__(int) + __alignof__ n;
    n = vec_step(float4) + vec_step(n);
}
typedef int fn_t(int);
fn_t *fnp;
void (*signal(int sig, void (*handler)(int)))(int);
int (x);
int ((*y));
void params(int (x), int (*)[3], int (int));

/* EXPECTED
(decl (specs int) (p (ptr)))
(decl (specs int) (pp (ptr) (ptr)))
(decl (specs int) (a (array 4) (ptr)))
(decl (specs int) (pa (ptr) (array 4)))
(decl (specs int) (m (array 2) (array 3)))
(decl (specs float) (cp (ptr const)))
(decl (specs int) (fp (ptr) (fn (param (specs int) _) (param (specs float) _))))
(decl (specs int) (fpa (array 3) (ptr) (fn void) (ptr)))
(decl
  (specs void)
  (proto
    (fn
      (param (specs int) _)
      (param (specs float) _ (ptr))
      (param (specs int) _ (array))
      (param (specs int) _ (ptr) (fn (param (specs int) _)))
      ...)))
(decl
  (specs void)
  (unnamed (fn (param (specs int) _ (array 4)) (param (specs char) _ (ptr const)))))
(decl (specs int) (noproto (fn)))
(function
  (specs void)
  (g (fn void))
  (block
    (decl (specs int) (n (= (sizeof (type (specs int) (ptr))))))
    (expr (= n (sizeof (type (specs int) (ptr) (array 4)))))
    (expr (= n (sizeof (type (specs float) (array 3)))))
    (expr (= n (sizeof n)))
    (expr (= n (cast (type (specs int)) (cast (type (specs long)) n))))
    (expr (= p (cast (type (specs int) (ptr)) 0)))
    (expr
      (= fp
        (cast
          (type (specs int) (ptr) (fn (param (specs int) _) (param (specs float) _)))
          0)))
    (expr
      (= n
        (+ (+ (alignof (type (specs double))) (alignof (type (specs int)))) (alignof n))))
    (expr (= n (+ (vec_step (type (specs float4))) (vec_step n))))))
(decl (specs typedef int) (fn_t (fn (param (specs int) _))))
(decl (specs (typedef-name fn_t)) (fnp (ptr)))
(decl
  (specs void)
  (signal
    (fn
      (param (specs int) sig)
      (param (specs void) handler (ptr) (fn (param (specs int) _))))
    (ptr)
    (fn (param (specs int) _))))
(decl (specs int) (x))
(decl (specs int) (y (ptr)))
(decl
  (specs void)
  (params
    (fn
      (param (specs int) x)
      (param (specs int) _ (ptr) (array 3))
      (param (specs int) _ (fn (param (specs int) _))))))
--- diagnostics
*/
