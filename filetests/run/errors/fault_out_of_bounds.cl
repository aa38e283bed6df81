// A bounds fault: work-item 3 writes 1000 elements past the end of an 8-int buffer. The
// enqueue must fail with a message naming the kernel and the faulting work-item (the
// host executor checks every global access); the process survives.
// RUN: kauai oclc -execute -enqueue oob -print out,8 -global 8 -local 4 %s
// CHECK-FAIL: fault in kernel oob, work-item (3, 0, 0)

__kernel void oob(__global int *out)
{
    int i = get_global_id(0);
    int at = (i == 3) ? i + 1000 : i;
    out[at] = i;
}
