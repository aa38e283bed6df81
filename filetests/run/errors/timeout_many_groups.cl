// A kernel without loops over 2^32 - 1 work-groups of one work-item: compiled code
// polls the time limit at loop back-edges only, so the group loop itself must stop
// it. Every device stops it near the limit with the same message.
// RUN: kauai oclc -timeout 0.5 -execute -enqueue k -arg o,0 -global 4294967295 -local 1 %s
// CHECK-FAIL: stopped by the time limit

__kernel void k(__global int *o)
{
}
