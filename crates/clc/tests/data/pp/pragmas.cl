// ARGS: --kinds --ext=cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION all : disable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 enable
#define N 4
kernel
#pragma unroll
for
#pragma unroll N * 2
for
#pragma unroll -1
#pragma unroll x y
#pragma OPENCL FP_CONTRACT ON
#pragma some vendor thing
_Pragma("unroll 3") for
#define DO_PRAGMA(x) _Pragma(#x)
DO_PRAGMA(unroll 5) while
_Pragma(bad)
_Pragma
// ---- EXPECT ----
// Ident kernel
// Ident for
// Ident for
// Ident for
// Ident while
// Ident _Pragma
// Eof 
// pragma Extension { name: "cl_khr_fp64", enable: true } at token 0: OPENCL EXTENSION cl_khr_fp64 : enable
// pragma Extension { name: "all", enable: false } at token 0: OPENCL EXTENSION all : disable
// pragma Extension { name: "cl_khr_fp16", enable: true } at token 0: OPENCL EXTENSION cl_khr_fp16 : enable
// pragma Other at token 0: OPENCL EXTENSION cl_khr_fp64 enable
// pragma Unroll(None) at token 1: unroll
// pragma Unroll(Some(8)) at token 2: unroll N * 2
// pragma Other at token 3: unroll -1
// pragma Other at token 3: unroll x y
// pragma Other at token 3: OPENCL FP_CONTRACT ON
// pragma Other at token 3: some vendor thing
// pragma Unroll(Some(3)) at token 3: unroll 3
// pragma Unroll(Some(5)) at token 4: unroll 5
// ---- DIAGNOSTICS ----
// warning: unsupported OpenCL extension 'cl_khr_fp16' - ignoring @ pragmas.cl:4:26
// warning: malformed #pragma OPENCL EXTENSION; expected 'name : enable' or 'name : disable' @ pragmas.cl:5:1
// warning: invalid #pragma unroll count; expected a non-negative integer constant @ pragmas.cl:12:1
// warning: invalid #pragma unroll count; expected a non-negative integer constant @ pragmas.cl:13:1
// error: _Pragma takes a parenthesized string literal @ pragmas.cl:19:1
