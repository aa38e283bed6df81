// SAXPY ("single-precision a times x plus y"), the classic BLAS level-1 kernel:
// y = a * x + y, updating y in place. `a` is passed by value, x and y are buffers.
//
//   kauai oclc -execute -enqueue saxpy -arg a,0.5 -arg 'x,range(1,8)' -arg 'y,repeat(8,10)' \
//       -print y,8 -global 8 -local 4 examples/saxpy.cl
// prints
//   y,10.5,11,11.5,12,12.5,13,13.5,14
// (y_i = 0.5 (i + 1) + 10, exact in float). filetests/run/examples/saxpy.cl runs this.

__kernel void saxpy(float a, __global const float *x, __global float *y)
{
    size_t i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}
