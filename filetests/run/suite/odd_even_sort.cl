// Odd-even transposition sort in local memory, the simple GPU sort of teaching codes
// and small-key kernels: 32 keys (shorts) in one work-group of 16, 32 phases
// alternating even and odd pairs with a barrier after each, descending order by a
// comparator helper. Keys: randint(-300,300), -seed 71. Expected: Python's
// sorted(reverse=True) (reference/suite.py).
// RUN: kauai oclc -execute -enqueue oesort -arg keys,repeat(32,randint(-300,300)) -seed 71 -print keys,32 -global 16 -local 16 %s
// CHECK: keys,298,291,277,258,247,213,191,190,189,174,122,110,80,78,49,32,16,15,-33,-51,-76,-100,-143,-159,-192,-197,-200,-239,-243,-262,-270,-274

int before(short a, short b)
{
    return a > b;
}

__kernel void oesort(__global short *keys)
{
    __local short k[32];
    int l = get_local_id(0);
    k[2 * l] = keys[2 * l];
    k[2 * l + 1] = keys[2 * l + 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int phase = 0; phase < 32; phase++) {
        int i = 2 * l + (phase & 1);
        if (i + 1 < 32 && before(k[i + 1], k[i])) {
            short t = k[i];
            k[i] = k[i + 1];
            k[i + 1] = t;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    keys[2 * l] = k[2 * l];
    keys[2 * l + 1] = k[2 * l + 1];
}
