// Debug output as real kernels print it: `printf("%s", p)` where p is a `__constant
// char *` chosen at run time (a row of a `__constant char` table picked by the
// work-item), next to a literal `%s` and an integer. Work-items print in order (one
// work-group). Expected by hand: "dir <row 3 - g> = v[g]".
// RUN: kauai oclc -execute -enqueue report -arg v,10,20,30,40 -global 4 -local 4 %s
// CHECK: [w] west = 10
// CHECK-NEXT: [w] south = 20
// CHECK-NEXT: [w] east = 30
// CHECK-NEXT: [w] north = 40

__constant char table[4][6] = {"north", "east", "south", "west"};

__kernel void report(__global const int *v)
{
    int g = get_global_id(0);
    __constant char *p = table[3 - g];
    printf("[%s] %s = %d\n", "w", p, v[g]);
}
