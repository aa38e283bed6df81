// Relational builtins (OpenCL 1.2 section 6.12.6). Scalar forms return 1 for true, vector
// forms return -1 (all bits set) for true, 0 for false. x = 0, -0, inf, -inf, NaN, 1.5,
// -2, FLT_MIN (inf and NaN built from bits: oclc lists cannot spell them).
//  sc: per x: isnan, isinf, isfinite, signbit (scalar: 0/1); -0 has its sign bit, NaN
//      (0x7fc00000) has not. (isnormal: relational_isnormal.cl.)
//  vn: isnan(x8) and signbit(x8) on a float8 -> lanes -1/0.
//  r:  isequal(0, -0) = 1, isequal(NaN, NaN) = 0, isnotequal(NaN, NaN) = 1,
//      isgreater(inf, 1) = 1, isless(NaN, 1) = 0, isunordered(NaN, 1) = 1,
//      isordered(1, 2) = 1, NaN != NaN = 1, NaN == NaN = 0, 0 == -0 = 1,
//      any((int4)(0, 0, -1, 0)) = 1, any((int4)(1, 2, 3, 0x7fffffff)) = 0 (any/all look at
//      the sign bit only), all((int4)(-1, -2, INT_MIN, -100)) = 1, all((int4)(-1, 1, -1, -1)) = 0,
//      bitselect(0xf0f0f0f0, 0x0f0f0f0f, 0xff00ff00) = 0x0ff00ff0 = 267390960.
// RUN: kauai oclc -execute -enqueue relational -arg m,1.5,-2.0 -print sc,32 -print vn,16 -print r,15 -global 1 %s
// CHECK: sc,0,0,1,0,0,0,1,1,0,1,0,0,0,1,0,1,1,0,0,0,0,0,1,0,0,0,1,1,0,0,1,0
// CHECK-NEXT: vn,0,0,0,0,-1,0,0,0,0,-1,0,-1,0,0,-1,0
// CHECK-NEXT: r,1,0,1,1,0,1,1,1,0,1,1,0,1,0,267390960

__kernel void relational(__global const float *m, __global int *sc, __global int8 *vn,
                         __global int *r)
{
    float x[8];
    x[0] = 0.0f;
    x[1] = -0.0f;
    x[2] = as_float(0x7f800000);
    x[3] = as_float(0xff800000);
    x[4] = as_float(0x7fc00000);
    x[5] = m[0];
    x[6] = m[1];
    x[7] = FLT_MIN;
    for (int i = 0; i < 8; i++) {
        sc[4 * i + 0] = isnan(x[i]);
        sc[4 * i + 1] = isinf(x[i]);
        sc[4 * i + 2] = isfinite(x[i]);
        sc[4 * i + 3] = signbit(x[i]);
    }
    float8 v = (float8)(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]);
    vn[0] = isnan(v);
    vn[1] = signbit(v);
    float nan = x[4], inf = x[2];
    r[0] = isequal(x[0], x[1]);
    r[1] = isequal(nan, nan);
    r[2] = isnotequal(nan, nan);
    r[3] = isgreater(inf, 1.0f);
    r[4] = isless(nan, 1.0f);
    r[5] = isunordered(nan, 1.0f);
    r[6] = isordered(1.0f, 2.0f);
    r[7] = nan != nan;
    r[8] = nan == nan;
    r[9] = x[0] == x[1];
    int z = (int)m[0] - 1;
    r[10] = any((int4)(0, 0, -1, z));
    r[11] = any((int4)(1, 2, 3, 0x7fffffff + z));
    r[12] = all((int4)(-1, -2, INT_MIN, -100 + z));
    r[13] = all((int4)(-1, 1, -1, -1 + z));
    r[14] = bitselect(0xf0f0f0f0u + z, 0x0f0f0f0fu, 0xff00ff00u);
}
