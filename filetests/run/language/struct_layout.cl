// Struct layout with vector members, packed structs and doubles (OpenCL C follows C
// layout with each type aligned to its size; 3-component vectors take the size and
// alignment of 4 components):
//   struct A { int a; float4 v; }            v at 16, sizeof 32
//   struct B { char c; int3 v; short s; }    v at 16, s at 32, sizeof 48
//   struct __attribute__((packed)) P { char c; int i; short s; }  i at 1, s at 5, sizeof 7
//   struct C { char c; double d; char e; }   d at 8, e at 16, sizeof 24
// An array of struct A in global memory (given as 16 floats: a's bits do not matter, the
// kernel only reads v) is scaled in place: arr[i].v *= 2 for arr[1] (floats 8..15:
// v = floats 12..15 = 12, 13, 14, 15 -> 24, 26, 28, 30); a packed struct in private
// memory is filled and read back through its unaligned int (0x01020304 stays intact).
// RUN: kauai oclc -execute -enqueue layout -arg arr,range(0,15) -print lay,11 -print arr,16 -print packed,2 -global 1 %s
// CHECK: lay,16,32,16,32,48,1,5,7,8,16,24
// CHECK-NEXT: arr,0,1,2,3,4,5,6,7,8,9,10,11,24,26,28,30
// CHECK-NEXT: packed,16909060,-2

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

struct A {
    int a;
    float4 v;
};

struct B {
    char c;
    int3 v;
    short s;
};

struct __attribute__((packed)) P {
    char c;
    int i;
    short s;
};

struct C {
    char c;
    double d;
    char e;
};

__kernel void layout(__global float *arr, __global int *lay, __global int *packed)
{
    struct A a;
    struct B b;
    struct P p;
    struct C c;
    lay[0] = (int)((char *)&a.v - (char *)&a);
    lay[1] = sizeof(struct A);
    lay[2] = (int)((char *)&b.v - (char *)&b);
    lay[3] = (int)((char *)&b.s - (char *)&b);
    lay[4] = sizeof(struct B);
    lay[5] = (int)((char *)&p.i - (char *)&p);
    lay[6] = (int)((char *)&p.s - (char *)&p);
    lay[7] = sizeof(struct P);
    lay[8] = (int)((char *)&c.d - (char *)&c);
    lay[9] = (int)((char *)&c.e - (char *)&c);
    lay[10] = sizeof(struct C);
    __global struct A *as = (__global struct A *)arr;
    as[1].v *= 2.0f;
    p.c = 'x';
    p.i = 0x01020304;
    p.s = -2;
    packed[0] = p.i;
    packed[1] = p.s;
}
