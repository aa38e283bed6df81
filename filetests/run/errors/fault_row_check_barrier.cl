// Row checks in a kernel with a barrier: each region checks its rows again. The
// reversal through `__local` memory is in bounds; after the barrier the store to
// `o[gid + 3]` leaves `o` (20 elements) in the second group's row: work-items 16 and
// up store to o[19] and beyond, so work-item (17, 0, 0) storing o[20] is the first to
// fault, as on the interpreter.
// RUN: kauai oclc -execute -enqueue k -arg i,range(0,31) -arg o,repeat(20,0) -global 32 -local 16 %s
// CHECK-FAIL: fault in kernel k, work-item (17, 0, 0)

__kernel void k(__global const int *i, __global int *o)
{
    __local int t[16];
    size_t l = get_local_id(0), g = get_global_id(0);
    t[l] = i[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    o[g + 3] = t[15 - l];
}
