// Word counting as text-analytics kernels write it: one work-item per byte, a word
// starts where a letter follows a non-letter (or the text start); starts are counted
// with a local atomic_inc per group and merged with a global atomic_add, and each
// work-item also marks the start positions; the word length histogram (1..8+) is
// built by the start work-items scanning forward, with global atomic_inc.
// Text: "OpenCL C kernels, as users write them: many words; some short, a few long!"
// padded with spaces to 96 bytes (character codes). Expected: Python's scan
// (reference/suite.py).
// RUN: kauai oclc -execute -enqueue words -arg text,79,112,101,110,67,76,32,67,32,107,101,114,110,101,108,115,44,32,97,115,32,117,115,101,114,115,32,119,114,105,116,101,32,116,104,101,109,58,32,109,97,110,121,32,119,111,114,100,115,59,32,115,111,109,101,32,115,104,111,114,116,44,32,97,32,102,101,119,32,108,111,110,103,33,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32 -arg n,96 -print count,1 -print starts,96 -print lengths,8 -global 96 -local 32 %s
// CHECK: count,14
// CHECK-NEXT: starts,1,0,0,0,0,0,0,1,0,1,0,0,0,0,0,0,0,0,1,0,0,1,0,0,0,0,0,1,0,0,0,0,0,1,0,0,0,0,0,1,0,0,0,0,1,0,0,0,0,0,0,1,0,0,0,0,1,0,0,0,0,0,0,1,0,1,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
// CHECK-NEXT: lengths,2,1,1,4,4,1,1,0

int is_letter(uchar c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

__kernel void words(__global const uchar *text, int n, __global uint *count,
                    __global uchar *starts, __global uint *lengths)
{
    __local uint here;
    int i = get_global_id(0);
    if (get_local_id(0) == 0)
        here = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int start = is_letter(text[i]) && (i == 0 || !is_letter(text[i - 1]));
    starts[i] = start;
    if (start) {
        atomic_inc(&here);
        int len = 0;
        while (i + len < n && is_letter(text[i + len]))
            len++;
        atomic_inc(&lengths[min(len, 8) - 1]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        atomic_add(count, here);
}
