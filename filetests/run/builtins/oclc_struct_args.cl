// oclc's struct and null arguments, and raw binary inputs (docs: kauai oclc -help).
// A struct, by value or as each element of a buffer of structs, is listed as its fields'
// values in declaration order (nested structs, arrays and vectors flattened), laid out
// with the kernel's struct layout. With C's rules (reference/oclc_args.py):
//   struct Rec   { char tag; short s; int i; float2 v; }  tag@0 s@2 i@4 v@8, 16 bytes
//   struct Outer { struct Rec r; uchar k[3]; float f; }  r@0 k@16 f@20, 24 bytes
// so a struct Outer takes 9 values: tag, s, i, v.x, v.y, k0, k1, k2, f.
// io holds (-3,-300,70000,1.5,-2.25,1,2,100,0.5) and (127,32767,-5,8,0.125,0,10,20,-4):
// listed in run 1, and in run 2 read as raw bytes from inputs/outer2.bin, which
// reference/oclc_args.py packs with explicit padding; both give the same output, so the
// list's layout is C's.
// out[10 g + 0..8] = the fields of io[g]; out[10 g + 9] = byv.r.i * 100 + byv.k[2] +
// byv.f + prm.n * prm.scale + (maybe ? maybe[0] : -1) = 300 + 8 + 9 + 4 * 0.5 + ... =
// 318 with maybe null (run 1), 1319 with maybe[0] = 1000 (run 2).
// Then io[g].r.s = -s and io[g].k[1] += 1: the struct buffer printed field by field.
// Run 5: a float buffer read raw from inputs/floats4.bin (1, 2, 3, 4), doubled.
// RUN: kauai oclc -execute -enqueue unpack -arg io,-3,-300,70000,1.5,-2.25,1,2,100,0.5,127,32767,-5,8,0.125,0,10,20,-4 -arg byv,1,2,3,4,5,6,7,8,9 -arg prm,4,0.5 -arg maybe,null -print out,20 -print io,18 -global 2 %s
// CHECK: out,-3,-300,70000,1.5,-2.25,1,2,100,0.5,318,127,32767,-5,8,0.125,0,10,20,-4,318
// CHECK-NEXT: io,-3,300,70000,1.5,-2.25,1,3,100,0.5,127,-32767,-5,8,0.125,0,11,20,-4
// RUN: kauai oclc -execute -enqueue unpack -arg io@../inputs/outer2.bin -arg byv,1,2,3,4,5,6,7,8,9 -arg prm,4,0.5 -arg maybe,1000 -print out,20 -print io,18 -global 2 %s
// CHECK: out,-3,-300,70000,1.5,-2.25,1,2,100,0.5,1319,127,32767,-5,8,0.125,0,10,20,-4,1319
// CHECK-NEXT: io,-3,300,70000,1.5,-2.25,1,3,100,0.5,127,-32767,-5,8,0.125,0,11,20,-4
// Run 3: the same, checked with -compare (each value compared as its field's type).
// RUN: kauai oclc -execute -enqueue unpack -arg io@../inputs/outer2.bin -arg byv,1,2,3,4,5,6,7,8,9 -arg prm,4,0.5 -arg maybe,1000 -compare io,-3,300,70000,1.5,-2.25,1,3,100,0.5,127,-32767,-5,8,0.125,0,11,20,-4 -print out,20 -global 2 %s
// CHECK: io - match
// Run 4: an output-only buffer of structs, sized by its -print (10 values: 2 struct
// Rec): make writes r[g] = {g - 1, -100 g, 1000 g, (g, 0.5)}.
// RUN: kauai oclc -execute -enqueue make -print r,10 -global 2 %s
// CHECK: r,-1,0,0,0,0.5,0,-100,1000,1,0.5
// RUN: kauai oclc -execute -enqueue twice -arg x@../inputs/floats4.bin -print x,4 -global 4 %s
// CHECK: x,2,4,6,8

struct Rec {
    char tag;
    short s;
    int i;
    float2 v;
};

struct Outer {
    struct Rec r;
    uchar k[3];
    float f;
};

typedef struct {
    int n;
    float scale;
} Params;

__kernel void unpack(__global struct Outer *io, __global float *out, struct Outer byv,
                     Params prm, __global const int *maybe)
{
    int g = get_global_id(0);
    struct Outer o = io[g];
    __global float *d = out + g * 10;
    d[0] = o.r.tag;
    d[1] = o.r.s;
    d[2] = o.r.i;
    d[3] = o.r.v.x;
    d[4] = o.r.v.y;
    d[5] = o.k[0];
    d[6] = o.k[1];
    d[7] = o.k[2];
    d[8] = o.f;
    d[9] = byv.r.i * 100 + byv.k[2] + byv.f + prm.n * prm.scale + (maybe ? maybe[0] : -1);
    io[g].r.s = -o.r.s;
    io[g].k[1] = o.k[1] + 1;
}

__kernel void twice(__global float *x)
{
    x[get_global_id(0)] *= 2.0f;
}

__kernel void make(__global struct Rec *r)
{
    int g = get_global_id(0);
    r[g].tag = g - 1;
    r[g].s = -100 * g;
    r[g].i = 1000 * g;
    r[g].v = (float2)(g, 0.5f);
}
