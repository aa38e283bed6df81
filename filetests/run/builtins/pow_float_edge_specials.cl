// float pow at special values (C99 F.9.4.4, which OpenCL follows), where the amdil
// target's float pow without doubles (Barts) went wrong: pow(-0, -0.99999994) is +inf
// (y is no odd integer, though frc(y / 2) rounds to 1/2), pow(-1, +-inf) is 1,
// pow(-inf, 0.5) is +inf, pow(-inf, 3) is -inf, pow(-0, -3) is -inf. Inputs as float
// bits (oclc lists have no infinities); expected values from that table, by hand.
// RUN: kauai oclc -execute -enqueue pw -arg x,2147483648,3212836864,3212836864,4286578688,4286578688,2147483648 -arg y,3212836863,2139095040,4286578688,1056964608,1077936128,3225419776 -print r,6 -global 6 %s
// CHECK: r,inf,1,1,inf,-inf,-inf

__kernel void pw(__global const uint *x, __global const uint *y, __global float *r)
{
    int i = get_global_id(0);
    r[i] = pow(as_float(x[i]), as_float(y[i]));
}
