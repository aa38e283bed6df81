// Vector addition: the "hello world" of OpenCL. One work-item adds one pair of elements.
//
// Run it on the host CPU (from the repository root):
//   cargo run -p kauai-cli -- oclc -execute -enqueue vector_add \
//       -arg 'a,range(0,7)' -arg 'b,range(10,80,10)' -print c,8 -global 8 examples/vector_add.cl
// which prints
//   c,10,21,32,43,54,65,76,87
// (c_i = i + 10 (i + 1) = 11 i + 10). filetests/run/examples/vector_add.cl runs this.

__kernel void vector_add(__global const int *a, __global const int *b, __global int *c)
{
    // Each work-item handles the element at its global index.
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
