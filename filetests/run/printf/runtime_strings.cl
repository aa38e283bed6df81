// `%s` of `__constant char *` pointers chosen at run time: a row of a table of string
// pointers (relocations), a ternary between two literals, a literal plus the work-item's
// id (a pointer into its middle; "abc" + 3 is the empty string at its NUL) and a
// `__constant` buffer argument holding "hi". The host reads each string when the call
// is made, the IL devices when the runtime prints the buffer. Expected by hand.
// RUN: kauai oclc -execute -enqueue show -arg s,104,105,0 -global 4 -local 4 %s
// CHECK: 0 zero even abc|hi
// CHECK-NEXT: 1 one odd bc|hi
// CHECK-NEXT: 2 two even c|hi
// CHECK-NEXT: 3 three odd |hi

__constant char *__constant names[] = {"zero", "one", "two", "three"};

__kernel void show(__constant char *s)
{
    int g = get_global_id(0);
    __constant char *t = g & 1 ? "odd" : "even";
    printf("%d %s %s %s|%s\n", g, names[g], t, "abc" + g, s);
}
