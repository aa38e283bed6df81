// A compile error: `totl` is not declared. The build fails with a diagnostic that names
// the identifier and points at file:line:col of its use (line 13, column 14).
// RUN: kauai oclc -execute -enqueue broken -print out,4 -global 4 %s
// CHECK-FAIL: use of undeclared identifier `totl`
// CHECK-FAIL: compile_error.cl:13:14

__kernel void broken(__global int *out)
{
    int i = get_global_id(0);
    int total = 0;
    for (int k = 0; k <= i; k++)
        total += k;
    out[i] = totl;
}
