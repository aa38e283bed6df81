// Sparse matrix-vector product in ELLPACK form as SHOC's spmv writes it: every row holds
// the same number of slots (3 here), stored column-major (slot k of row r at k * rows +
// r, so that neighbouring work-items read neighbouring addresses), padding slots with
// column -1 skipped. A 8 x 8 matrix with rows of 1 to 3 non-zeros (row 5 empty); integer
// values, x = 1..8; ints, so exact. Expected: reference/suite.py builds the ELL arrays
// from the row lists and multiplies densely.
// RUN: kauai oclc -execute -enqueue spmv_ell -arg cols,0,1,6,0,2,-1,7,1,3,7,-1,4,3,-1,-1,6,-1,2,-1,5,-1,-1,-1,0 -arg vals,2,4,-3,1,-2,0,7,-1,-1,1,0,2,6,0,0,2,0,5,0,3,0,0,0,3 -arg x,range(1,8) -arg rows,8 -arg width,3 -print y,8 -global 8 %s
// CHECK: y,-2,31,-21,29,18,0,56,15

__kernel void spmv_ell(__global const int *cols, __global const int *vals, __global const int *x,
                       int rows, int width, __global int *y)
{
    int r = get_global_id(0);
    int sum = 0;
    for (int k = 0; k < width; k++) {
        int c = cols[k * rows + r];
        if (c >= 0)
            sum += vals[k * rows + r] * x[c];
    }
    y[r] = sum;
}
