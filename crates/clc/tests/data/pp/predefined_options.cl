// ARGS: --fast-relaxed-math --image-support --fp-fast-fma --ext=cl_khr_fp64 --ext=cl_khr_global_int32_base_atomics -DN=16 -DFLAG -DF(a)=a+1 -UNULL -DTWICE=1 -DTWICE=2
FP_FAST_FMA FP_FAST_FMAF __IMAGE_SUPPORT__ __FAST_RELAXED_MATH__
cl_khr_fp64 cl_khr_global_int32_base_atomics cl_khr_local_int32_base_atomics
N FLAG F(2) NULL TWICE
// ---- EXPECT ----
// 1 1 1 1
// 1 1 cl_khr_local_int32_base_atomics
// 16 1 2+1 NULL 2
// ---- DIAGNOSTICS ----
// warning: 'TWICE' macro redefined @ <built-in>:20:9
