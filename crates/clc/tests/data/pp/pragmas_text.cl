// The -E form prints pragmas in place.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void f() {
#pragma unroll 4
  for (;;) {}
}
// ---- EXPECT ----
// #pragma OPENCL EXTENSION cl_khr_fp64 : enable
// kernel void f() {
// #pragma unroll 4
// for (;;) {}
// }
// ---- DIAGNOSTICS ----
// warning: unsupported OpenCL extension 'cl_khr_fp64' - ignoring @ pragmas_text.cl:2:26
