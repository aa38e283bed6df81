// Three kernels in one program, each with its own large __local array (3500 ints, 14000
// bytes: each fits the 16 KiB of local memory of rv770 and the 32 KiB of the later
// devices, all three together fit neither; a kernel is only charged the __local variables
// it reaches), sharing a helper, as the kernels of a hashing tool do. Each fills its
// array with i * 7 % 101 (i = 0..3499) through the shared helper, in a group of 64.
// `rotate_sum`: item l sums tile[(l * 77 + j * 437) % 3500], j = 0..7. `window_max`:
// item l takes the maximum of tile[l * 54 .. l * 54 + 53]. `window_min`: the minimum of
// the same window plus 1000. Expected: the same loops in Python (reference/suite.py).
// RUN: kauai oclc -execute -enqueue rotate_sum -print out,64 -global 64 -local 64 %s
// CHECK: out,307,377,447,315,385,455,366,436,405,374,444,413,324,495,363,332,503,371,383,453,422,391,461,372,442,512,380,450,318,330,400,369,338,408,377,389,358,428,397,366,378,448,316,386,456,324,437,406,375,445,414,383,395,465,333,403,372,384,353,423,392,361,431,443
// RUN: kauai oclc -execute -enqueue window_max -print out,64 -global 64 -local 64 %s
// CHECK: out,99,100,99,100,99,100,100,98,100,98,100,98,100,99,100,99,100,99,100,99,100,100,98,100,98,100,99,100,99,100,99,100,99,100,99,100,100,98,100,98,100,99,100,99,100,99,100,99,100,100,98,100,98,100,98,100,99,100,99,100,99,100,99,100
// RUN: kauai oclc -execute -enqueue window_min -print out,64 -global 64 -local 64 %s
// CHECK: out,1000,1000,1001,1000,1001,1000,1001,1000,1001,1000,1002,1000,1002,1000,1000,1001,1000,1001,1000,1001,1000,1001,1000,1002,1000,1002,1000,1002,1000,1000,1001,1000,1001,1000,1001,1000,1001,1000,1002,1000,1002,1000,1002,1000,1000,1001,1000,1001,1000,1001,1000,1001,1000,1002,1000,1002,1000,1000,1001,1000,1001,1000,1001,1000

#define BIG 3500

void fill(__local int *t)
{
    for (int i = get_local_id(0); i < BIG; i += get_local_size(0))
        t[i] = i * 7 % 101;
    barrier(CLK_LOCAL_MEM_FENCE);
}

__kernel void rotate_sum(__global int *out)
{
    __local int tile[BIG];
    fill(tile);
    int l = get_local_id(0);
    int s = 0;
    for (int j = 0; j < 8; j++)
        s += tile[(l * 77 + j * 437) % BIG];
    out[l] = s;
}

__kernel void window_max(__global int *out)
{
    __local int other[BIG];
    fill(other);
    int l = get_local_id(0);
    int m = 0;
    for (int j = 0; j < 54; j++)
        m = max(m, other[l * 54 + j]);
    out[l] = m;
}

__kernel void window_min(__global int *out)
{
    __local int third[BIG];
    fill(third);
    int l = get_local_id(0);
    int m = 1000;
    for (int j = 0; j < 54; j++)
        m = min(m, third[l * 54 + j]);
    out[l] = m + 1000;
}
