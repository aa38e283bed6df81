typedef float4 vec;
void f(float a, float2 b) {
    float4 v = (float4)(a, b.xy, 1.0f);
    float4 s = (float4)(a);
    int8 w = (int8)(1, 2, 3, 4, 5, 6, 7, 8);
    vec t = (vec)(1.0f, 2.0f, 3.0f, 4.0f);
    float x = (float)(a, 2.0f);          // a cast of a comma expression
    float y = (float4)(1.0f).x;          // postfix applies to the literal
    v.xyzw = v.wzyx;
    v.s01 = b;
    b = v.lo + v.hi + v.even + v.odd;
    float z = v.s3 + v.sF;
    float2 *pb = &b;
    pb->y = 0.0f;
}

/* EXPECTED
(decl (specs typedef float4) (vec))
(function
  (specs void)
  (f (fn (param (specs float) a) (param (specs float2) b)))
  (block
    (decl (specs float4) (v (= (vector-literal (type (specs float4)) a (. b xy) 1.0f))))
    (decl (specs float4) (s (= (vector-literal (type (specs float4)) a))))
    (decl (specs int8) (w (= (vector-literal (type (specs int8)) 1 2 3 4 5 6 7 8))))
    (decl
      (specs (typedef-name vec))
      (t (= (vector-literal (type (specs (typedef-name vec))) 1.0f 2.0f 3.0f 4.0f))))
    (decl (specs float) (x (= (cast (type (specs float)) (, a 2.0f)))))
    (decl (specs float) (y (= (. (vector-literal (type (specs float4)) 1.0f) x))))
    (expr (= (. v xyzw) (. v wzyx)))
    (expr (= (. v s01) b))
    (expr (= b (+ (+ (+ (. v lo) (. v hi)) (. v even)) (. v odd))))
    (decl (specs float) (z (= (+ (. v s3) (. v sF)))))
    (decl (specs float2) (pb (ptr) (= (& b))))
    (expr (= (-> pb y) 0.0f))))
--- diagnostics
*/
