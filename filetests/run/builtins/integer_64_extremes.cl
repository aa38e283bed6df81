// 64-bit integer builtins at the extremes, where a 64-bit intermediate would overflow
// (the builtins are defined on the exact mathematical values). Results are stored as
// ulong bit patterns; z = 0 comes from a buffer so nothing is folded:
//  hadd(LONG_MAX, LONG_MAX) = LONG_MAX; rhadd(ULONG_MAX, ULONG_MAX) = ULONG_MAX;
//  hadd(LONG_MIN, LONG_MIN) = LONG_MIN (2^63 as ulong);
//  mul_hi(ULONG_MAX, ULONG_MAX) = 2^64 - 2; mul_hi(LONG_MIN, LONG_MIN) = 2^62;
//  mul_hi(LONG_MIN, LONG_MAX) = -2^62 (= 2^63 + 2^62 as ulong);
//  add_sat(LONG_MAX, 1) = LONG_MAX; sub_sat(LONG_MIN, 1) = LONG_MIN;
//  add_sat(ULONG_MAX, 1) = ULONG_MAX; sub_sat(0UL, 1) = 0;
//  abs_diff(LONG_MIN, LONG_MAX) = 2^64 - 1; abs(LONG_MIN) = 2^63; rotate(1L, -1L) = 2^63
//  (count -1 & 63 = 63); ULONG_MAX / 10 = 1844674407370955161, ULONG_MAX % 10 = 5;
//  -9L / 4 = -2, -9L % 4 = -1 (truncation); clz((uint4)(0, 1, 2^31, 0xffff)) = 32, 31, 0,
//  16; ULONG_MAX > 0 = 1; (long)ULONG_MAX < 0 = 1.
// Expected: reference/builtins.py (Python integers).
// RUN: kauai oclc -execute -enqueue ext64 -arg z,0 -print e,23 -global 1 %s
// CHECK: e,9223372036854775807,18446744073709551615,9223372036854775808,18446744073709551614,4611686018427387904,13835058055282163712,9223372036854775807,9223372036854775808,18446744073709551615,0,18446744073709551615,9223372036854775808,9223372036854775808,1844674407370955161,5,18446744073709551614,18446744073709551615,32,31,0,16,1,1

__kernel void ext64(__global const long *z, __global ulong *e)
{
    long zl = z[0];
    ulong zu = (ulong)zl;
    long lmax = LONG_MAX + zl, lmin = LONG_MIN + zl;
    ulong umax = ULONG_MAX + zu;
    e[0] = (ulong)hadd(lmax, lmax);
    e[1] = rhadd(umax, umax);
    e[2] = (ulong)hadd(lmin, lmin);
    e[3] = mul_hi(umax, umax);
    e[4] = (ulong)mul_hi(lmin, lmin);
    e[5] = (ulong)mul_hi(lmin, lmax);
    e[6] = (ulong)add_sat(lmax, 1L);
    e[7] = (ulong)sub_sat(lmin, 1L);
    e[8] = add_sat(umax, 1UL);
    e[9] = sub_sat(zu, 1UL);
    e[10] = abs_diff(lmin, lmax);
    e[11] = abs(lmin);
    e[12] = (ulong)rotate(1L + zl, -1L);
    e[13] = umax / 10;
    e[14] = umax % 10;
    e[15] = (ulong)((-9L + zl) / 4);
    e[16] = (ulong)((-9L + zl) % 4);
    uint4 c = clz((uint4)(0, 1, 0x80000000u, 0xffffu) + (uint)zl);
    e[17] = c.x;
    e[18] = c.y;
    e[19] = c.z;
    e[20] = c.w;
    e[21] = umax > 0;
    e[22] = (long)umax < 0;
}
