// A 7-point 3-D stencil as Parboil's stencil writes it: a 3-D range over the interior
// of a 6 x 6 x 6 grid (4 x 4 x 4 work-items in groups of 2 x 2 x 4 with
// reqd_work_group_size), out = c0 * centre + c1 * (sum of the 6 neighbours) in ints
// with c0 = -6, c1 = 1 (a discrete Laplacian); the boundary cells of the two x faces
// are copied, the other boundary cells stay 0 (an output-only buffer). Grid values
// randint(0,99), -seed 67. Expected: the same sums in Python (reference/suite.py).
// RUN: kauai oclc -execute -enqueue stencil -arg in,repeat(216,randint(0,99)) -seed 67 -arg c0,-6 -arg c1,1 -print out,216 -global 4,4,4 -local 2,2,4 %s
// CHECK: out,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,21,268,-290,-178,42,84,60,45,-78,-55,122,37,46,222,-261,221,-30,4,92,182,37,-37,-209,10,0,0,0,0,0,0,0,0,0,0,0,0,31,-147,23,-81,-256,65,22,-332,32,40,324,64,58,74,244,-375,21,98,5,153,-114,94,286,51,0,0,0,0,0,0,0,0,0,0,0,0,71,171,11,316,-238,48,60,238,104,-307,84,63,92,-205,-41,265,-52,20,94,-274,204,-97,-97,92,0,0,0,0,0,0,0,0,0,0,0,0,93,-266,243,-54,-254,20,77,369,-376,286,178,28,68,-39,8,-197,-309,53,34,-111,191,-65,124,61,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0

#define NX 6
#define IDX(x, y, z) (((z) * NX + (y)) * NX + (x))

__kernel __attribute__((reqd_work_group_size(2, 2, 4))) void stencil(
    __global const int *in, __global int *out, int c0, int c1)
{
    int x = get_global_id(0) + 1, y = get_global_id(1) + 1, z = get_global_id(2) + 1;
    out[IDX(x, y, z)] = c0 * in[IDX(x, y, z)] +
                        c1 * (in[IDX(x - 1, y, z)] + in[IDX(x + 1, y, z)] + in[IDX(x, y - 1, z)] +
                              in[IDX(x, y + 1, z)] + in[IDX(x, y, z - 1)] + in[IDX(x, y, z + 1)]);
    // The work-items next to a face also copy the boundary cells beyond it.
    if (x == 1)
        out[IDX(0, y, z)] = in[IDX(0, y, z)];
    if (x == NX - 2)
        out[IDX(NX - 1, y, z)] = in[IDX(NX - 1, y, z)];
}
