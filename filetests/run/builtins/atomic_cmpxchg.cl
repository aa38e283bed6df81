// Compare-and-swap loops from 64 work-items in 4 groups (a lock-free read-modify-write,
// no spinning on a lock): each loop re-reads the value and retries until atomic_cmpxchg
// returns the value it expected.
//  total[0]: integer add of gid + 1 -> 1 + ... + 64 = 2080;
//  total[1]: a float add through as_int / as_float of 0.25 * gid -> 0.25 * 2016 = 504,
//            printed as its bits since the buffer is int: 504.0f = 0x43fc0000 = 1140588544,
//            exact in any order (every partial sum is a multiple of 0.25 below 2^21);
//  total[2]: atomic_cmpxchg(&total[2], 0, 7) only succeeds once -> 7, and the number of
//            work-items that saw the old value 0 is counted in total[3] -> 1.
// RUN: kauai oclc -execute -enqueue cas -arg total,0,0,0,0 -print total,4 -global 64 -local 16 %s
// CHECK: total,2080,1140588544,7,1

__kernel void cas(__global int *total)
{
    int gid = get_global_id(0);
    int old, seen;
    do {
        old = total[0];
        seen = atomic_cmpxchg(&total[0], old, old + gid + 1);
    } while (seen != old);
    do {
        old = total[1];
        float sum = as_float(old) + 0.25f * gid;
        seen = atomic_cmpxchg(&total[1], old, as_int(sum));
    } while (seen != old);
    if (atomic_cmpxchg(&total[2], 0, 7) == 0)
        atomic_inc(&total[3]);
}
