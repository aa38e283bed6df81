// Naive string search as text-processing kernels do it: one work-item per starting
// position of a 64-byte text, comparing the pattern byte by byte (both `uchar` buffers,
// given as character codes), flagging matches and counting them with atomic_inc; also a
// per-character case-insensitive count of the letter 'a' (matches 'a' and 'A') with a
// local counter per group merged by atomic_add. Text: "the cat sat on the mat; that
// hat? the cat's at that theatre then." padded with '.' to 64 bytes, pattern "at".
// Expected: Python's find-all positions and counts (reference/suite.py).
// RUN: kauai oclc -execute -enqueue search -arg text,116,104,101,32,99,97,116,32,115,97,116,32,111,110,32,116,104,101,32,109,97,116,59,32,116,104,97,116,32,104,97,116,63,32,116,104,101,32,99,97,116,39,115,32,97,116,32,116,104,97,116,32,116,104,101,97,116,114,101,32,116,104,101,110 -arg pat,97,116 -arg plen,2 -arg n,64 -print found,64 -print count,1 -print letter_a,1 -global 64 -local 16 %s
// CHECK: found,0,0,0,0,0,1,0,0,0,1,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,1,0,0,0,1,0,0,0,0,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,0,1,0,0,0,0,0,0,0,0
// CHECK-NEXT: count,9
// CHECK-NEXT: letter_a,9

__kernel void search(__global const uchar *text, __global const uchar *pat, int plen, int n,
                     __global uchar *found, __global uint *count, __global uint *letter_a)
{
    __local uint a_here;
    int i = get_global_id(0);
    if (get_local_id(0) == 0)
        a_here = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uchar c = text[i];
    if ((c | 0x20) == 'a')
        atomic_inc(&a_here);
    int ok = i + plen <= n;
    for (int k = 0; ok && k < plen; k++)
        ok = text[i + k] == pat[k];
    found[i] = ok;
    if (ok)
        atomic_inc(count);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        atomic_add(letter_a, a_here);
}
