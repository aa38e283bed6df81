__OPENCL_VERSION__ CL_VERSION_1_0 CL_VERSION_1_1 CL_VERSION_1_2 __OPENCL_C_VERSION__
__ENDIAN_LITTLE__ NULL
__kernel_exec(64, float4) void k1(void);
kernel_exec(1, int) void k2(void);
#if defined(FP_FAST_FMA) || defined(FP_FAST_FMAF) || defined(__IMAGE_SUPPORT__)
wrong_default_options
#endif
#if defined(__FAST_RELAXED_MATH__) || defined(cl_khr_fp64) || defined(__ROUNDING_MODE__)
wrong_default_options
#endif
#if __OPENCL_VERSION__ >= CL_VERSION_1_2
version_check
#endif
// ---- EXPECT ----
// 120 100 110 120 120
// 1 ((void*)0)
// __kernel __attribute__((work_group_size_hint(64, 1, 1))) __attribute__((vec_type_hint(float4))) void k1(void);
// __kernel __attribute__((work_group_size_hint(1, 1, 1))) __attribute__((vec_type_hint(int))) void k2(void);
// version_check
// ---- DIAGNOSTICS ----
