// pow on doubles at infinities and overflow (C99 F.9.4.4, which OpenCL follows):
// pow(x, +-inf) is 0 or inf by |x| < 1 or > 1 and 1 for x = -1; pow(+-inf, y) is inf or
// 0 by the sign of y, negative for odd integer y and x = -inf; pow(-inf, 0.5) is +inf;
// overflow and underflow give inf and 0 (-inf for a negative base and odd y); a NaN y
// and a negative base with a non-integer y give NaN. Inputs as double bits (oclc
// lists have no infinities); expected values from that table, by hand.
// RUN: kauai oclc -execute -enqueue pw -arg x,4602678819172646912,4602678819172646912,4611686018427387904,4611686018427387904,13830554455654793216,13830554455654793216,9218868437227405312,9218868437227405312,18442240474082181120,18442240474082181120,18442240474082181120,18442240474082181120,18442240474082181120,4611686018427387904,4602678819172646912,13835058055282163712,4609434218613702656,0,13844065254536904704,13835058055282163712 -arg y,9218868437227405312,18442240474082181120,9218868437227405312,18442240474082181120,9218868437227405312,18442240474082181120,4611686018427387904,13835058055282163712,4613937818241073152,4611686018427387904,4602678819172646912,13837309855095848960,13826050856027422720,4656510908468559872,4656510908468559872,4652222813120233472,9221120237041090560,0,4599676419421066581,4613937818241073152 -print isn,20 -print r,20 -global 20 %s
// CHECK: isn,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,1,0
// CHECK-NEXT: r,0,inf,inf,0,1,1,inf,0,-inf,inf,inf,-0,0,inf,0,-inf,0,1,0,-8

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void pw(__global const ulong *x, __global const ulong *y, __global int *isn,
                 __global double *r)
{
    int i = get_global_id(0);
    double v = pow(as_double(x[i]), as_double(y[i]));
    isn[i] = isnan(v);
    r[i] = isnan(v) ? 0.0 : v;
}
