// Double rootn of subnormal x (and the smallest normals): the root is computed from a
// rounded 1/n, which a Newton step corrects; a subnormal |x| used to skip that step and
// land up to 94 ulp away. Expected: mpmath at 200 bits, rounded to double (the values
// below; x, n pairs in order), within 2 ulp: rootn(3e-310, 3), (3e-310, 5),
// (3e-310, -3), (1.2e-315, 7), (2^-1074, 3), (-2.5e-312, 3), (7.7e-309, 2),
// (2.2e-308, -1), (3e-310, 1), (1e-320, 10).
// RUN: kauai oclc -execute -enqueue rn -arg x,3e-310,3e-310,3e-310,1.2e-315,4.9406564584124654e-324,-2.5e-312,7.7e-309,2.2e-308,3e-310,1e-320 -arg n,3,5,-3,7,3,3,2,-1,1,10 -compare r,6.694329500821688e-104,1.2457309396155166e-62,1.493801582185723e+103,1.0263880962758913e-45,1.7031839360032603e-108,-1.357208808297206e-104,8.774964387392122e-155,4.545454545454545e+307,3e-310,9.99998886712691e-33 -ulp-error 2 -global 10 %s
// CHECK: r - match

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void rn(__global double *x, __global int *n, __global double *r)
{
    int i = get_global_id(0);
    r[i] = rootn(x[i], n[i]);
}
