// `char t[12]` ends the struct exactly where C's tail padding after `float4 a; int b;`
// would: clang-14 writes the struct `{ <4 x float>, i32, [12 x i8] }`, the same as its
// own explicit padding of `{float4 a; int b;}`, so Kauai takes the last member for padding
// and oclc lists 5 values (a, b). An access to t still reaches C's offset 20: each
// work-item i writes t[i] = i + 1 and reads it back through a byte pointer at 20 + i.
// Expected: out[i] = i + 1; the struct's a and b are unchanged.
// RUN: kauai oclc -execute -enqueue k -arg s,1,2,3,4,5 -print s,5 -print out,12 -global 12 %s
// CHECK: s,1,2,3,4,5
// CHECK-NEXT: out,1,2,3,4,5,6,7,8,9,10,11,12

typedef struct S {
    float4 a;
    int b;
    char t[12];
} S;

kernel void k(global S *s, global uchar *out)
{
    size_t i = get_global_id(0);
    s->t[i] = i + 1;
    out[i] = ((global uchar *)s)[20 + i];
}
