// A missing `;` is reported right after the previous token (line 10, column 22, as
// clang-14 reports it), not at the first token of the next line.
// RUN: kauai oclc -execute -enqueue broken -print out,4 -global 4 %s
// CHECK-FAIL: expected `;` after declaration
// CHECK-FAIL: missing_semicolon.cl:10:22

__kernel void broken(__global int *out)
{
    int i = get_global_id(0);
    int twice = 2 * i
    out[i] = twice;
}
