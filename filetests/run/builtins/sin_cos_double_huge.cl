// sin and cos on doubles far past 10^5, where the amdil target's three-part pi/2
// reduction had lost every bit (Payne and Hanek's reduction now). sin(1e22) =
// -0.85220084976718880177... and cos(1e22) = 0.52321478539513894549... (the published
// values of Ng, "Argument reduction for huge arguments"); x = 6381956970095103 2^797,
// the double nearest a multiple of pi/2 (Muller, "Elementary Functions": x mod pi/2 =
// 4.6871659242546276e-19), has sin 1 and cos -4.687165924254627611e-19; and x = 65536,
// the first argument reduced this way. Expected: those values rounded to double.
// RUN: kauai oclc -execute -enqueue sc -arg x,4936209963552724370,14159582000407500178,8432616859780293119,4679240012837945344 -print s,4 -print c,4 -global 4 %s
// CHECK: s,13829223199258964887,4605851162404189079,4607182418800017408,4604408790985180435
// CHECK-NEXT: c,4602887919370356980,4602887919370356980,13556198710138610223,13828048965830518923

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void sc(__global const ulong *x, __global ulong *s, __global ulong *c)
{
    int i = get_global_id(0);
    double a = as_double(x[i]);
    s[i] = as_ulong(sin(a));
    c[i] = as_ulong(cos(a));
}
