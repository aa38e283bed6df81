// GNU zero-length arrays (`T b[0]`, which clang accepts in OpenCL C) and C99 flexible
// array members: size 0, aligned as their element, usable as a struct's trailing member
// over a buffer (a message header followed by its words, as hashing kernels write it).
// Sizes as clang-14 gives them (`-emit-llvm -O2` folds them to 4, 0, 8, 4, 0):
//   Msg {uint len; uint w[0]} = 4; a local `int z[0]` = 0; Pad {char c; long v[0]} = 8
//   (the long element aligns the struct); Flex {int n; float f[]} = 4; sizeof(m->w) = 0.
// The kernel sums m->w[0..len) for the header at raw[0] (len = 3: 10 + 20 + 30 = 60) and
// writes the sum after the words, at m->w[len] = raw[4].
// RUN: kauai oclc -execute -enqueue msg -arg raw,3,10,20,30,0 -print out,6 -print raw,5 -global 1 %s
// CHECK: out,4,0,8,4,0,60
// CHECK-NEXT: raw,3,10,20,30,60

typedef struct { uint len; uint w[0]; } Msg;
typedef struct { char c; long v[0]; } Pad;
struct Flex { int n; float f[]; };

__kernel void msg(__global uint *raw, __global uint *out)
{
    __global Msg *m = (__global Msg *)raw;
    int z[0];
    uint sum = 0;
    for (uint i = 0; i < m->len; i++)
        sum += m->w[i];
    m->w[m->len] = sum;
    out[0] = sizeof(Msg);
    out[1] = sizeof(z);
    out[2] = sizeof(Pad);
    out[3] = sizeof(struct Flex);
    out[4] = sizeof(m->w);
    out[5] = sum;
}
