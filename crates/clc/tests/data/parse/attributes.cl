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
--- diagnostics
*/
