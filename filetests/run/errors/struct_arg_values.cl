// A struct argument takes exactly one value per field (here 3: a, b[0], b[1]); a wrong
// count is refused before the run with a message naming the argument and the count.
// RUN: kauai oclc -execute -enqueue k -arg s,1,2 -print o,1 -global 1 %s
// CHECK-FAIL: -arg s,1,2: `struct S` takes 3 values (its fields in order), got 2

struct S {
    int a;
    float b[2];
};

__kernel void k(struct S s, __global float *o)
{
    o[0] = s.a + s.b[0] + s.b[1];
}
