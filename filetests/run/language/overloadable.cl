// `__attribute__((overloadable))` user functions: the overload is chosen by the argument
// types as clang chooses (exact match, then promotion, then conversion), and each gets
// clang's mangled name (`_Z1fi`, `_Z1ff`, `_Z1fDv2_i`, `_Z1fPU3AS1i`, `_Z1gv`, as
// `clang-14 -target spir -emit-llvm` names them), so overloads coexist in one program.
// By hand, with q = {5}: f(3) = 3 + 1 = 4 (int); f(1.5f) = 3.0 (float);
// f((int2)(4, 5)) = 4 * 10 + 5 = 45; f(q) = q[0] + 100 = 105 (the pointer overload);
// f((char)3) promotes to int: 4; g() = 7; f(2.5f) + f(2) = 5 + 3 = 8;
// a declaration before the definitions resolves to the same function: twice(21) = 42;
// 40 nested calls f(f(...f(0)...)) pick the int overload each time: 40 (each argument is
// lowered once, so nesting costs linear time).
// RUN: kauai oclc -execute -enqueue pick -arg q,5 -print o,9 -global 1 %s
// CHECK: o,4,3,45,105,4,7,8,42,40

int __attribute__((overloadable)) twice(int x);
float __attribute__((overloadable)) twice(float x);

int __attribute__((overloadable)) f(int x) { return x + 1; }
float __attribute__((overloadable)) f(float x) { return x * 2.0f; }
int __attribute__((overloadable)) f(int2 v) { return v.x * 10 + v.y; }
int __attribute__((overloadable)) f(__global int *p) { return p[0] + 100; }
int __attribute__((overloadable)) g(void) { return 7; }

__kernel void pick(__global float *o, __global int *q)
{
    o[0] = f(3);
    o[1] = f(1.5f);
    o[2] = f((int2)(4, 5));
    o[3] = f(q);
    o[4] = f((char)3);
    o[5] = g();
    o[6] = f(2.5f) + f(2);
    o[7] = twice(21);
    o[8] = f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(0))))))))))))))))))))))))))))))))))))))));
}

int __attribute__((overloadable)) twice(int x) { return 2 * x; }
float __attribute__((overloadable)) twice(float x) { return 2.0f * x; }
