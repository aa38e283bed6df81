// 2-D indexing: a 6 x 4 matrix add over -global 6,4 -local 3,2 (x = column, y = row,
// row-major with width get_global_size(0)). a_k = k, b_k = 100 - 2k, so c_k = 100 - k;
// id records x * 100 + y at each position, checking both global ids.
// RUN: kauai oclc -execute -enqueue matrix_add -arg a,range(0,23) -arg b,range(100,54,2) -print c,24 -print id,24 -global 6,4 -local 3,2 %s
// CHECK: c,100,99,98,97,96,95,94,93,92,91,90,89,88,87,86,85,84,83,82,81,80,79,78,77
// CHECK-NEXT: id,0,100,200,300,400,500,1,101,201,301,401,501,2,102,202,302,402,502,3,103,203,303,403,503

__kernel void matrix_add(__global const int *a, __global const int *b,
                         __global int *c, __global int *id)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    int w = get_global_size(0);
    c[y * w + x] = a[y * w + x] + b[y * w + x];
    id[y * w + x] = x * 100 + y;
}
