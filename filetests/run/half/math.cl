// The half overloads of the math, common, geometric and relational builtins
// (cl_khr_fp16), at points whose results are exact halves or round once from a value
// far from a half midpoint: sqrt(2) = 1.41421356... (0x3da8), atan2(0, -1) = pi
// (0x4248). fma(1023/1024, 1025/2048, 1025) = 1025.4995... rounds to 1025, where
// computing in float would land on the midpoint 1025.5 and round to 1026.
// nextafter steps one half ulp; fract(-2^-24) is the largest half below 1 (0x3bff);
// ldexp(3, -26) = 0.75 * 2^-24 rounds to 2^-24; length((half2)(300, 400)) = 500 although
// 300^2 overflows half; isnormal(2^-15) is 0 (a half subnormal). Vector relational
// results are shortN (-1 for true), scalar ones int 1.
// Expected half bits from reference/fp16.py; the integers by hand.
// RUN: kauai oclc -execute -enqueue m -print m,60 -print n,27 -global 1 %s
// CHECK: m,16384,15784,25601,14336,15360,1,19456,16896,0,25600,20160,16896,49152,16640,49664,49152,16384,16896,49152,16384,16896,49152,15361,32769,31744,32768,15359,48128,14848,16384,47616,49152,14848,1,31744,1,17664,0,15360,16968,0,15360,16384,17408,0,14336,48128,16896,16384,17664,20352,17664,24528,17664,0,15360,0,0,15360,17664
// CHECK: n,4,-24,1,1,1,1,0,1,-1,0,1,4,1,0,4,3,2,1,1,0,1,2,3,4,5,6,7

#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void m(__global ushort *m, __global int *n)
{
    half inf = (half)INFINITY;
    half ip, c;
    int e;
    half r[60];
    int k = 0;
    r[k++] = sqrt(4.0h);
    r[k++] = sqrt(2.0h);
    r[k++] = fma(0.9990234375h, 0.50048828125h, 1025.0h);
    r[k++] = rsqrt(4.0h);
    r[k++] = exp(0.0h);
    r[k++] = exp2(-24.0h);
    r[k++] = exp2(4.0h);
    r[k++] = log2(8.0h);
    r[k++] = log(1.0h);
    r[k++] = pow(2.0h, 10.0h);
    r[k++] = pown(3.0h, 3);
    r[k++] = rootn(27.0h, 3);
    r[k++] = cbrt(-8.0h);
    r[k++] = fabs(-2.5h);
    r[k++] = floor(-2.5h);
    r[k++] = ceil(-2.5h);
    r[k++] = rint(2.5h);
    r[k++] = round(2.5h);
    r[k++] = trunc(-2.5h);
    r[k++] = fmin(2.0h, 3.0h);
    r[k++] = fmax(2.0h, 3.0h);
    r[k++] = copysign(2.0h, -0.0h);
    r[k++] = nextafter(1.0h, 2.0h);
    r[k++] = nextafter(0.0h, -1.0h);
    r[k++] = nextafter(65504.0h, inf);
    r[k++] = nextafter(-0x1p-24h, 1.0h);
    r[k++] = fract(-0x1p-24h, &ip);
    r[k++] = ip;
    r[k++] = fract(2.75h, &ip);
    r[k++] = ip;
    r[k++] = modf(-2.75h, &ip);
    r[k++] = ip;
    r[k++] = frexp(12.0h, &e);
    n[0] = e;
    r[k++] = ldexp(1.0h, -24);
    r[k++] = ldexp(1.0h, 16);
    r[k++] = ldexp(3.0h, -26);
    r[k++] = logb(48.0h);
    r[k++] = sin(0.0h);
    r[k++] = cos(0.0h);
    r[k++] = atan2(0.0h, -1.0h);
    r[k++] = sincos(0.0h, &c);
    r[k++] = c;
    r[k++] = mix(0.0h, 8.0h, 0.25h);
    r[k++] = clamp(5.0h, 0.0h, 4.0h);
    r[k++] = step(1.0h, 0.5h);
    r[k++] = smoothstep(0.0h, 1.0h, 0.5h);
    r[k++] = sign(-3.0h);
    r[k++] = max(2.0h, 3.0h);
    r[k++] = min(2.0h, 5.0h);
    r[k++] = hypot(3.0h, 4.0h);
    half4 q = (half4)(1.0h, 2.0h, 3.0h, 4.0h);
    r[k++] = dot(q, q);
    r[k++] = length((half2)(3.0h, 4.0h));
    r[k++] = length((half2)(300.0h, 400.0h));
    r[k++] = distance((half2)(0.0h), (half2)(3.0h, 4.0h));
    half2 nz = normalize((half2)(0.0h, 2.0h));
    r[k++] = nz.x;
    r[k++] = nz.y;
    half3 cr = cross((half3)(1.0h, 0.0h, 0.0h), (half3)(0.0h, 1.0h, 0.0h));
    r[k++] = cr.x;
    r[k++] = cr.y;
    r[k++] = cr.z;
    r[k++] = fast_length((half2)(3.0h, 4.0h));
    for (int i = 0; i < k; i++)
        m[i] = as_ushort(r[i]);

    n[1] = ilogb(0x1p-24h);
    n[2] = isnan(nan((ushort)1));
    n[3] = isinf(inf);
    n[4] = isfinite(65504.0h);
    n[5] = isnormal(0x1p-14h);
    n[6] = isnormal(0x1p-15h);
    n[7] = signbit(-0.0h);
    short2 eq = isequal((half2)(1.0h, (half)NAN), (half2)(1.0h, (half)NAN));
    n[8] = eq.x;
    n[9] = eq.y;
    int2 s = convert_int2(select((half2)(1.0h, 2.0h), (half2)(3.0h, 4.0h), (short2)(0, -1)));
    n[10] = s.x;
    n[11] = s.y;
    short4 lt = isless(q, (half4)(0.0h, 0.0h, 0.0h, 5.0h));
    n[12] = any(lt);
    n[13] = all(lt);
    vstore4(convert_int4(shuffle(q, (ushort4)(3, 2, 1, 0))), 0, n + 14);
    n[18] = isgreater(2.0h, 1.0h);
    half8 sq = sqrt((half8)(0.0h, 1.0h, 4.0h, 9.0h, 16.0h, 25.0h, 36.0h, 49.0h));
    vstore8(convert_int8(sq), 0, n + 19);
}
