// Two private arrays side by side: work-item 1 writes a[5], past its 4-int array `a`.
// Without checks private memory is bounds-checked as a whole, and the store lands in
// `b` unseen (o[1] = 4 + b[1] is 103, not 3). With -check memory
// each array is checked on its own: the store falls in the gap after `a` and is
// reported, naming the array and the line that declared it; the run goes on without it.
// RUN: kauai oclc -execute -enqueue k -arg n,5 -print o,4 -global 4 %s
// CHECK: o,0,103,6,9
// RUN: kauai oclc -check memory -execute -enqueue k -arg n,5 -print o,4 -global 4 %s
// CHECK: o,0,3,6,9
// CHECK-FINDING: Invalid write of size 4 at private memory address 0x10000000024
// CHECK-FINDING: Entity: Global(1,0,0) Local(1,0,0) Group(0,0,0)
// CHECK-FINDING: a[n] = 99;

__kernel void k(__global int *o, int n)
{
    int a[4];
    int b[4];
    int l = get_global_id(0);
    for (int i = 0; i < 4; i++) {
        a[i] = l;
        b[i] = -l;
    }
    if (l == 1)
        a[n] = 99;
    o[l] = a[0] + a[1] + a[2] + a[3] + b[1];
}
