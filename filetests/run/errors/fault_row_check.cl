// A 2-D kernel whose address is made of its arguments and ids alone: the host JIT
// checks each row of 16 work-items once. `o` has 61 elements, so in the second
// group (rows 2 and 3) row 3 fails its check: its packets check each work-item, and
// work-item (13, 3) storing o[3 * 16 + 13] = o[61] is the first to fault, at byte
// offset 244, as on the interpreter. Rows 0-2 are stored in full.
// RUN: kauai oclc -execute -enqueue k -arg o,repeat(61,0) -arg w,16 -global 16,4 -local 16,2 %s
// CHECK-FAIL: fault in kernel k, work-item (13, 3, 0)

__kernel void k(__global float *o, int w)
{
    size_t x = get_global_id(0), y = get_global_id(1);
    o[y * w + x] = (float)(y * w + x);
}
