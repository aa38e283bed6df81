// printf formats are checked at compile time, every problem reported with its place in
// the format string or the argument list.
// RUN: kauai oclc -execute -enqueue bad -global 1 %s
// CHECK-FAIL: `%d` needs an `int`, the argument is `float`
// CHECK-FAIL: errors.cl:15:20
// CHECK-FAIL: a vector specifier needs a length modifier
// CHECK-FAIL: errors.cl:16:17
// CHECK-FAIL: `%v2hld` needs an `int2`, the argument is `int4`, a vector of 4
// CHECK-FAIL: not supported yet: `%s` with a string in __global memory
// CHECK-FAIL: `%d` has no argument: the call passes too few
// CHECK-FAIL: the printf format must be a string literal

kernel void bad(global char *p, float f, int4 v)
{
    printf("%d\n", f);
    printf("v = %v4d\n", v);
    printf("%v2hld\n", v);
    printf("%s\n", p);
    printf("%d %d\n", 1);
    printf(p);
}
