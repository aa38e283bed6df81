// A private variable written on one path only decides a branch: work-items whose input
// is not positive read it uninitialized (inputs -1, 0, 1, 2: work-items 0 and 1). With
// -check uninit the run goes on and the use is reported once, with a count and the
// source line. The value's shadow flows through arithmetic (y = x * 3 + 1).
// RUN: kauai oclc -check uninit -execute -enqueue k -arg in,-1,0,1,2 -print out,4 -global 4 -local 4 %s
// CHECK: out,0,0,0,1
// CHECK-FINDING: Controlflow depends on uninitialized value
// CHECK-FINDING: Kernel: k
// CHECK-FINDING: Check: uninit; seen 2 times
// CHECK-FINDING: Entity: Global(0,0,0) Local(0,0,0) Group(0,0,0)
// CHECK-FINDING: if (y > 6)

__kernel void k(__global int *out, __global const int *in)
{
    int i = get_global_id(0);
    int x;
    if (in[i] > 0)
        x = in[i];
    int y = x * 3 + 1;
    out[i] = 0;
    if (y > 6)
        out[i] = 1;
}
