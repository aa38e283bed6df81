// A fault inside a branch the host JIT runs masked: work-items 5..15 take it and
// store o[i + 10]; o has 20 elements, so work-item 10 is the first whose store
// (o[20], byte offset 80) is out of bounds, as on the interpreter. Work-items 0..4
// do not take the branch, and their addresses would be in bounds either way.
// RUN: kauai oclc -execute -enqueue k -arg o,repeat(20,0) -global 16 -local 16 %s
// CHECK-FAIL: fault in kernel k, work-item (10, 0, 0)

__kernel void k(__global int *o)
{
    int i = get_global_id(0);
    if (i >= 5)
        o[i + 10] = i;
}
