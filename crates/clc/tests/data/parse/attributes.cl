__kernel __attribute__((reqd_work_group_size(16, 8, 1)))
void a(__global int *p) {}

__attribute__((work_group_size_hint(64, 1, 1))) __kernel void b(void) {}

__kernel void c(void) __attribute__((vec_type_hint(float4)));

__kernel __attribute__((vec_type_hint(uint), reqd_work_group_size(4,4,4))) void d() {}

struct __attribute__((packed)) P { char c; int i; };
struct Q { char c; int i; } __attribute__((aligned(16)));
typedef int aligned_int __attribute__((__aligned__(8)));
int x __attribute__((aligned));
__global float *__attribute__((endian(host))) e1;
int e2 __attribute__((endian(device), nosvm));
int u __attribute__((always_inline, section("foo", 3), cold));
void f(int x __attribute__((unused)));
enum __attribute__((packed)) Small { S0, S1 } __attribute__((aligned(4)));
void g(__global float *__attribute__((aligned(16))) p, int (*q __attribute__((noescape)))[4]);
__attribute__((overloadable)) float h(float x);
float h2(float x) __attribute__((overloadable, const));
__kernel void k2(void) __attribute__((reqd_work_group_size(1, 1, 1))) {}

/* EXPECTED
(function
  (specs kernel void (attr reqd_work_group_size 16 8 1))
  (a (fn (param (specs global int) p (ptr))))
  (block))
(function (specs kernel void (attr work_group_size_hint 64 1 1)) (b (fn void)) (block))
(decl (specs kernel void) (c (fn void) (attr vec_type_hint (type (specs float4)))))
(function
  (specs kernel void
    (attr vec_type_hint (type (specs uint)))
    (attr reqd_work_group_size 4 4 4))
  (d (fn))
  (block))
(decl
  (specs
    (struct P (attr packed) (fields (field (specs char) (c)) (field (specs int) (i))))))
(decl
  (specs
    (struct Q
      (attr aligned 16)
      (fields (field (specs char) (c)) (field (specs int) (i))))))
(decl (specs typedef int) (aligned_int (attr aligned 8)))
(decl (specs int) (x (attr aligned)))
(decl (specs global float) (e1 (ptr (attr endian host))))
(decl (specs int) (e2 (attr endian device) (attr nosvm)))
(decl
  (specs int)
  (u (attr unknown always_inline 0) (attr unknown section 2) (attr unknown cold 0)))
(decl (specs void) (f (fn (param (specs int) x (attr unknown unused 0)))))
(decl (specs (enum Small (attr packed) (attr aligned 4) (enumerators (S0) (S1)))))
(decl
  (specs void)
  (g
    (fn
      (param (specs global float) p (ptr (attr aligned 16)))
      (param (specs int) q (ptr) (array 4) (attr unknown noescape 0)))))
(decl (specs float (attr unknown overloadable 0)) (h (fn (param (specs float) x))))
(decl
  (specs float)
  (h2 (fn (param (specs float) x)) (attr unknown overloadable 0) (attr unknown const 0)))
(function (specs kernel void) (k2 (fn void) (attr reqd_work_group_size 1 1 1)) (block))
--- diagnostics
*/
