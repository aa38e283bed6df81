// Matrix transpose through 4x4 tiles in local memory, the tile padded by one column to
// avoid bank conflicts (the vendor samples' form): a 12 x 8 matrix (8 rows of 12,
// in[r * 12 + c] = 100 r + c), 2-D range (12, 8) in groups of (4, 4); out is 12 rows
// of 8 with out[c * 8 + r] = in[r * 12 + c] = 100 r + c. Expected by that closed form
// (reference/suite.py prints it).
// RUN: kauai oclc -execute -enqueue transpose -arg in,0,1,2,3,4,5,6,7,8,9,10,11,100,101,102,103,104,105,106,107,108,109,110,111,200,201,202,203,204,205,206,207,208,209,210,211,300,301,302,303,304,305,306,307,308,309,310,311,400,401,402,403,404,405,406,407,408,409,410,411,500,501,502,503,504,505,506,507,508,509,510,511,600,601,602,603,604,605,606,607,608,609,610,611,700,701,702,703,704,705,706,707,708,709,710,711 -arg w,12 -arg h,8 -print out,96 -global 12,8 -local 4,4 %s
// CHECK: out,0,100,200,300,400,500,600,700,1,101,201,301,401,501,601,701,2,102,202,302,402,502,602,702,3,103,203,303,403,503,603,703,4,104,204,304,404,504,604,704,5,105,205,305,405,505,605,705,6,106,206,306,406,506,606,706,7,107,207,307,407,507,607,707,8,108,208,308,408,508,608,708,9,109,209,309,409,509,609,709,10,110,210,310,410,510,610,710,11,111,211,311,411,511,611,711

#define TILE 4

__kernel void transpose(__global const int *in, __global int *out, int w, int h)
{
    __local int tile[TILE][TILE + 1];
    int lx = get_local_id(0), ly = get_local_id(1);
    int gx = get_group_id(0) * TILE, gy = get_group_id(1) * TILE;
    tile[ly][lx] = in[(gy + ly) * w + gx + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    // The tile's transpose goes to block (gy, gx) of the output: rows are input columns.
    out[(gx + ly) * h + gy + lx] = tile[lx][ly];
}
