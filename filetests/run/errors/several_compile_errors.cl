// A build with several errors reports all of them at once, each with its location:
// an undeclared identifier (line 16), `break` outside a loop (line 17) and a duplicate
// case value (line 21, pointing at the value, as clang does).
// RUN: kauai oclc -execute -enqueue broken -print out,4 -global 4 %s
// CHECK-FAIL: use of undeclared identifier `undeclared_thing`
// CHECK-FAIL: several_compile_errors.cl:16:14
// CHECK-FAIL: `break` outside a loop or switch
// CHECK-FAIL: several_compile_errors.cl:17:5
// CHECK-FAIL: duplicate case value
// CHECK-FAIL: several_compile_errors.cl:21:10

__kernel void broken(__global int *out)
{
    int i = get_global_id(0);
    int r = 0;
    out[i] = undeclared_thing;
    break;
    switch (i) {
    case 1:
        r = 1;
    case 1:
        r = 2;
    }
}
