// Pointer arithmetic in each address space: walking a __global range with p++ until an
// end pointer (sum of in[2..9] = 3 + ... + 10 = 52), pointer difference (end - begin = 8),
// comparisons, negative offsets (end[-1] = 10), a __global char * view of an int buffer
// (byte 4 of in is the low byte of in[1] = 2, little-endian), a private array of
// pointers, a pointer to a pointer, passing &arr[k] to a function, and a __local pointer
// walked backwards.
//   in = 1..12: out = 52, 8, 1, 10, 2, 7 + 9 = 16 (through the pointer array),
//   33 (**pp = in[0] plus 32 written through the pointer), 3 * 5 = 15 (bump(&arr[2])
//   adds 2 to arr[2] = 3 and the kernel multiplies by 3), 78 (sum of the local copy 1..12
//   walked from its end).
// RUN: kauai oclc -execute -enqueue pointers -arg in,range(1,12) -print out,9 -global 1 %s
// CHECK: out,52,8,1,10,2,16,33,15,78

int bump(int *p)
{
    *p += 2;
    return *p;
}

__kernel void pointers(__global int *in, __global int *out)
{
    __local int copy[12];
    __global const int *begin = in + 2;
    __global const int *end = in + 10;
    int sum = 0;
    for (__global const int *p = begin; p < end; p++)
        sum += *p;
    out[0] = sum;
    out[1] = (int)(end - begin);
    out[2] = begin < end;
    out[3] = end[-1];
    __global uchar *bytes = (__global uchar *)in;
    out[4] = bytes[4];
    __global int *ptrs[2] = { in + 6, in + 8 };
    out[5] = *ptrs[0] + *ptrs[1];
    __global int *q = in;
    __global int **pp = &q;
    **pp += 32;
    out[6] = in[0];
    int arr[4] = { 1, 2, 3, 4 };
    out[7] = 3 * bump(&arr[2]);
    for (int k = 0; k < 12; k++)
        copy[k] = k + 1;
    int total = 0;
    for (__local int *l = copy + 12; l > copy;)
        total += *--l;
    out[8] = total;
}
