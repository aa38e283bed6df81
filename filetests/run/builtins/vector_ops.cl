// Vector operators beyond + and *:
//  d: int4 (7, -7, 100, -100) / (2, 2, -3, -3) = 3, -3, -33, 33 (truncating) and % = 1, -1,
//     1, -1; unary minus; ~a = -a - 1; a * 2 (a scalar widens to every lane)
//  l: !c for c = (0, 1, -1, 0) -> -1, 0, 0, -1 (vector logic gives -1 for true);
//     a && c -> 0, -1, -1, 0; c || (int4)(0, 0, 0, 5) -> 0, -1, -1, -1
//  f: convert_float4(a) / 2 -> 3.5, -3.5, 50, -50
//  s: convert_int4_sat((float4)(1e10, -1e10, NaN, 2.5)) -> INT_MAX, INT_MIN, 0, 2
//  q: float4 compares with NaN: (NaN, 1, 2, NaN) == (NaN, 1, 3, 0) -> 0, -1, 0, 0 and
//     != -> -1, 0, -1, -1 (every comparison with NaN is false except !=)
// RUN: kauai oclc -execute -enqueue vops -arg a,7,-7,100,-100 -arg b,2,2,-3,-3 -arg c,0,1,-1,0 -print d,20 -print l,12 -print f,4 -print s,4 -print q,8 -global 1 %s
// CHECK: d,3,-3,-33,33,1,-1,1,-1,-7,7,-100,100,-8,6,-101,99,14,-14,200,-200
// CHECK-NEXT: l,-1,0,0,-1,0,-1,-1,0,0,-1,-1,-1
// CHECK-NEXT: f,3.5,-3.5,50,-50
// CHECK-NEXT: s,2147483647,-2147483648,0,2
// CHECK-NEXT: q,0,-1,0,0,-1,0,-1,-1

__kernel void vops(__global const int4 *a, __global const int4 *b, __global const int4 *c,
                   __global int4 *d, __global int4 *l, __global float4 *f,
                   __global int4 *s, __global int4 *q)
{
    int4 x = a[0];
    int4 y = b[0];
    int4 m = c[0];
    d[0] = x / y;
    d[1] = x % y;
    d[2] = -x;
    d[3] = ~x;
    d[4] = x * 2;
    l[0] = !m;
    l[1] = x && m;
    l[2] = m || (int4)(0, 0, 0, 5);
    f[0] = convert_float4(x) / 2.0f;
    float nan = as_float(0x7fc00000);
    s[0] = convert_int4_sat((float4)(1e10f, -1e10f, nan, 2.5f));
    float4 p = (float4)(nan, 1.0f, 2.0f, nan);
    float4 r = (float4)(nan, 1.0f, 3.0f, 0.0f);
    q[0] = p == r;
    q[1] = p != r;
}
