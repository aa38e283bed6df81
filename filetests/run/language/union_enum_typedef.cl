// typedef, union, enum and initializers:
//  bits: a union { float f; uint u; uchar b[4]; } reads a float's bits as uint and its top
//    byte (little-endian b[3]): 1.0f = 0x3f800000 (top 0x3f = 63), -2.0f = 0xc0000000
//    (192), 0.5f = 0x3f000000 (63);
//  misc: enum values RED = 0, GREEN = 5, BLUE = 6 (implicitly GREEN + 1); sizeof the
//    union = 4; Item { BLUE, 3 } -> c * w = 18; designated Item { .w = 4, .c = GREEN } ->
//    10 c + w = 54; int arr[5] = { [2] = 7, [4] = 9 } (the rest zero) -> arr[0] + 10 arr[2]
//    + 100 arr[4] = 970; nested braces { {1, 2}, { RED, 8 } } -> 100 a[1] + t.w = 208.
// Expected: by hand as above; checked by reference/c_crosscheck.py.
// RUN: kauai oclc -execute -enqueue unions -arg in,1.0,-2.0,0.5 -print bits,6 -print misc,8 -global 3 %s
// CHECK: bits,1065353216,63,3221225472,192,1056964608,63
// CHECK-NEXT: misc,0,5,6,4,18,54,970,208

typedef union {
    float f;
    uint u;
    uchar b[4];
} Bits;

typedef enum { RED, GREEN = 5, BLUE } Color;

typedef struct {
    Color c;
    int w;
} Item;

struct Nested {
    int a[2];
    Item t;
};

__kernel void unions(__global const float *in, __global uint *bits, __global int *misc)
{
    int i = get_global_id(0);
    Bits x;
    x.f = in[i];
    bits[2 * i] = x.u;
    bits[2 * i + 1] = x.b[3];
    if (i == 0) {
        misc[0] = RED;
        misc[1] = GREEN;
        misc[2] = BLUE;
        misc[3] = sizeof(Bits);
        Item it = { BLUE, 3 };
        misc[4] = it.c * it.w;
        Item j = { .w = 4, .c = GREEN };
        misc[5] = j.c * 10 + j.w;
        int arr[5] = { [2] = 7, [4] = 9 };
        misc[6] = arr[0] + arr[2] * 10 + arr[4] * 100;
        struct Nested n = { { 1, 2 }, { RED, 8 } };
        misc[7] = n.a[1] * 100 + n.t.w;
    }
}
