// Integer builtins of OpenCL 1.2 section 6.12.3 on int pairs (x, y), one work-item each:
//  s (int, 11 per item): rotate(x, y) (left, by y mod 32), mul_hi(x, y), add_sat, sub_sat,
//    hadd = floor((x + y) / 2) and rhadd = floor((x + y + 1) / 2) without overflow,
//    mad24(x % 4096, y % 4096, 7), clamp(x, -100, 100), min, max, mad_sat(x, y, 1000);
//  u (uint, 5 per item): clz(x), popcount(x), abs(x), abs_diff(x, y),
//    mul_hi((uint)x, (uint)y).
// Edge cases: clz(0) = 32, popcount(-1) = 32, abs(INT_MIN) = 2147483648,
// add_sat(INT_MAX, 1) = INT_MAX, hadd(INT_MIN, -1) = -1073741825.
// Expected: reference/builtins.py (Python integers, saturated or masked per definition).
// RUN: kauai oclc -execute -enqueue intb -arg x,0,1,-1,2147483647,-2147483648,15790320,12345,-777 -arg y,5,31,1,1,-1,40,-12345,3 -print s,88 -print u,40 -global 8 -local 4 %s
// CHECK: s,0,0,5,-5,2,3,7,0,0,5,1000,-2147483648,0,32,-30,16,16,38,1,1,31,1031,-1,-1,0,-2,0,0,6,-1,-1,1,999,-2,0,2147483647,2147483646,1073741824,1073741824,4102,100,1,2147483647,2147483647,1073741824,0,-2147483648,-2147483647,-1073741825,-1073741824,7,-100,-2147483648,-1,2147483647,-252645376,0,15790360,15790280,7895180,7895180,9607,100,40,15790320,631613800,1580160,-1,0,24690,0,0,-3242,100,-12345,12345,-152398025,-6209,-1,-774,-780,-387,-387,-2324,-100,-777,3,-1331
// CHECK-NEXT: u,32,0,0,5,0,31,1,1,30,0,0,32,1,2,0,1,31,2147483647,2147483646,0,0,1,2147483648,2147483647,2147483647,8,12,15790320,15790280,0,18,6,12345,24690,12344,0,29,777,780,2

__kernel void intb(__global const int *x, __global const int *y, __global int *s,
                   __global uint *u)
{
    size_t i = get_global_id(0);
    int a = x[i];
    int b = y[i];
    __global int *o = s + 11 * i;
    o[0] = rotate(a, b);
    o[1] = mul_hi(a, b);
    o[2] = add_sat(a, b);
    o[3] = sub_sat(a, b);
    o[4] = hadd(a, b);
    o[5] = rhadd(a, b);
    o[6] = mad24(a % 4096, b % 4096, 7);
    o[7] = clamp(a, -100, 100);
    o[8] = min(a, b);
    o[9] = max(a, b);
    o[10] = mad_sat(a, b, 1000);
    __global uint *p = u + 5 * i;
    p[0] = clz(a);
    p[1] = popcount(a);
    p[2] = abs(a);
    p[3] = abs_diff(a, b);
    p[4] = mul_hi((uint)a, (uint)b);
}
