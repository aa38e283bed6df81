// Structs in global memory with a padding-sensitive layout:
//   struct Rec { char tag; int count; float weight; short pair[2]; }
// C layout: tag at 0, 3 padding bytes, count at 4, weight at 8, pair at 12, size 16;
//   struct Wide { char c; long l; } puts l at 8 (long is 8-byte aligned), size 16.
// The buffer is given as ints (4 per record): word 0 = 0x555555xx holds tag in its low
// byte and 0x55 in the padding, word 2 holds the float's bits (1.5f = 0x3fc00000), word 3
// packs pair[0] | pair[1] << 16. The kernel reads fields (out: tag, count + pair[0] *
// pair[1], (int)(weight * 4)), then writes tag = 'Z', count = -count, weight += 0.5,
// pair[1] = pair[0] + 1: the padding bytes must survive the one-byte tag store
// (0x5555555a = 1431655770). Expected words: reference/language.py (struct-packed).
// RUN: kauai oclc -execute -enqueue structs -arg raw,1431655683,10,1069547520,-196606,1431655935,-7,-1098907648,13107300 -print out,6 -print raw,8 -print layout,6 -global 2 %s
// CHECK: out,3,4,6,-1,19993,-1
// CHECK-NEXT: raw,1431655770,-10,1073741824,196610,1431655770,7,1048576000,6619236
// CHECK-NEXT: layout,16,4,8,12,16,8

struct Rec {
    char tag;
    int count;
    float weight;
    short pair[2];
};

struct Wide {
    char c;
    long l;
};

__kernel void structs(__global int *raw, __global int *out, __global int *layout)
{
    size_t i = get_global_id(0);
    __global struct Rec *r = (__global struct Rec *)raw + i;
    out[3 * i + 0] = r->tag;
    out[3 * i + 1] = r->count + r->pair[0] * r->pair[1];
    out[3 * i + 2] = (int)(r->weight * 4.0f);
    r->tag = 'Z';
    r->count = -r->count;
    r->weight += 0.5f;
    r->pair[1] = r->pair[0] + 1;
    if (i == 0) {
        struct Wide w;
        layout[0] = sizeof(struct Rec);
        layout[1] = (int)((__global char *)&r->count - (__global char *)r);
        layout[2] = (int)((__global char *)&r->weight - (__global char *)r);
        layout[3] = (int)((__global char *)&r->pair[0] - (__global char *)r);
        layout[4] = sizeof(struct Wide);
        layout[5] = (int)((char *)&w.l - (char *)&w);
    }
}
