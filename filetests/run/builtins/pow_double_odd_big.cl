// pow on doubles with integer exponents from 2^52 up, where every double is an integer
// and only those below 2^53 can be odd (C99 F.9.4.4): pow(-0, -(2^52 + 1)) is -inf,
// pow(-0, -2^52) is +inf, pow(-1, 2^52 + 1) is -1, pow(-1, 2^52) and pow(-1, 2^53)
// are 1, pow(-0, 2^52 + 1) is -0. Expected values from that table, by hand. The amdil
// target's rounding to an integer held only below 2^51 and took 2^52 + 1 for even.
// RUN: kauai oclc -execute -enqueue pw -arg x,9223372036854775808,9223372036854775808,13830554455654793216,13830554455654793216,13830554455654793216,9223372036854775808 -arg y,14064741636278059009,14064741636278059008,4841369599423283201,4841369599423283200,4845873199050653696,4841369599423283201 -print r,6 -global 6 %s
// CHECK: r,-inf,inf,-1,1,1,-0

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void pw(__global const ulong *x, __global const ulong *y, __global double *r)
{
    int i = get_global_id(0);
    r[i] = pow(as_double(x[i]), as_double(y[i]));
}
