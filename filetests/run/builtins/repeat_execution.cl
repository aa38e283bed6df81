// -repeat-execution N runs the kernel N times in one command; -arg, -global and -local
// may give one {...} part per run. out[i] = base * 10 + i:
//  run 1: base 1, 3 work-items -> 10, 11, 12 and the fourth element stays 0;
//  run 2: base 2, 4 work-items -> 20..23. Each run has fresh buffers and prints a line.
// RUN: kauai oclc -execute -enqueue tens -repeat-execution 2 -arg base,{1},{2} -global {3},{4} -print out,4 %s
// CHECK: out,10,11,12,0
// CHECK-NEXT: out,20,21,22,23

__kernel void tens(__global int *out, int base)
{
    int i = get_global_id(0);
    out[i] = base * 10 + i;
}
