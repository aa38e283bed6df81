// A fault inside a helper that the compiler inlines: the report names the kernel and
// the work-item on every device; on the host it also quotes the helper's line, where
// the access is (a CLI test checks the quote for both host executors).
// RUN: kauai oclc -execute -enqueue k -print o,4 -global 4 -local 4 %s
// CHECK-FAIL: fault in kernel k, work-item (3, 0, 0)

int pick(__global const int *p, int i)
{
    return p[i * 1000];
}

__kernel void k(__global int *o)
{
    int i = get_global_id(0);
    o[i] = i == 3 ? pick(o, i) : i;
}
