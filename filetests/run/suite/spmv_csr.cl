// Sparse matrix-vector product y = A x with A in CSR form (row pointers, column indices,
// values), one work-item per row, as the SHOC/Parboil scalar kernel does; a second
// kernel does the "vector" form: one work-group of 4 per row, a strided partial sum
// and a local-memory reduction. A is 6x6 with 14 non-zeros (row 3 empty):
//   row 0: (0,2) (3,-1)     row 1: (1,4) (2,0.5) (5,1)     row 2: (0,-2) (2,3)
//   row 3: -                row 4: (0,1) (1,1) (3,2) (4,-4) (5,0.25)   row 5: (5,8) (2,-1) (4,1.5)
// x = 1..6. Dyadic values: every product and sum is exact in float32, so by hand
//   y = 2-4, 8+1.5+6, -2+9, 0, 1+2+8-20+1.5, 48-3+7.5 = -2, 15.5, 7, 0, -7.5, 52.5.
// RUN: kauai oclc -execute -enqueue spmv_scalar -arg rowptr,0,2,5,7,7,12,15 -arg col,0,3,1,2,5,0,2,0,1,3,4,5,5,2,4 -arg val,2,-1,4,0.5,1,-2,3,1,1,2,-4,0.25,8,-1,1.5 -arg x,range(1,6) -arg rows,6 -print y,6 -global 6 %s
// CHECK: y,-2,15.5,7,0,-7.5,52.5
// RUN: kauai oclc -execute -enqueue spmv_vector -arg rowptr,0,2,5,7,7,12,15 -arg col,0,3,1,2,5,0,2,0,1,3,4,5,5,2,4 -arg val,2,-1,4,0.5,1,-2,3,1,1,2,-4,0.25,8,-1,1.5 -arg x,range(1,6) -print y,6 -global 24 -local 4 %s
// CHECK: y,-2,15.5,7,0,-7.5,52.5

__kernel void spmv_scalar(__global const int *rowptr, __global const int *col,
                          __global const float *val, __global const float *x,
                          __global float *y, int rows)
{
    int row = get_global_id(0);
    if (row < rows) {
        float dot = 0.0f;
        for (int k = rowptr[row]; k < rowptr[row + 1]; k++)
            dot += val[k] * x[col[k]];
        y[row] = dot;
    }
}

#define LANES 4

__kernel void spmv_vector(__global const int *rowptr, __global const int *col,
                          __global const float *val, __global const float *x,
                          __global float *y)
{
    __local float part[LANES];
    int row = get_group_id(0);
    int lane = get_local_id(0);
    float sum = 0.0f;
    for (int k = rowptr[row] + lane; k < rowptr[row + 1]; k += LANES)
        sum += val[k] * x[col[k]];
    part[lane] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = LANES / 2; s > 0; s >>= 1) {
        if (lane < s)
            part[lane] += part[lane + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lane == 0)
        y[row] = part[0];
}
