// Black-Scholes call and put prices in double, as the vendor samples write it: the
// cumulative normal from the Abramowitz-Stegun polynomial (the samples' constants),
// log/sqrt/exp from the library. Five options (S, X, T) with R = 0.02, V = 0.3.
// Expected: reference/suite.py evaluates the same expressions in the same order in
// Python doubles (math.log/exp/sqrt); the library's exp/log may differ by a few ulp and
// that error is carried through the cancellation of d1/d2 and of put = X e^-RT (1 - N2)
// - S (1 - N1), so the compare allows 256 ulp (about 6e-14 relative), far below the
// polynomial's own 7.5e-8 error and still catching any wrong operation.
// RUN: kauai oclc -execute -enqueue black_scholes -arg S,30,25,40,32.5,20 -arg X,30,30,35,35,22 -arg T,1,0.5,2,0.25,1.5 -arg R,0.02 -arg V,0.3 -compare call,3.8464753961972882,0.67761897384770897,9.8718151720994172,1.0592159120433955,2.3856104156380189 -compare put,3.2524355953999446,5.37911398632275,3.4994455424307294,3.384652683787273,3.7354121537051963 -ulp-error 256 -global 5 %s
// CHECK: call - match
// CHECK-NEXT: put - match

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define A1 0.31938153
#define A2 -0.356563782
#define A3 1.781477937
#define A4 -1.821255978
#define A5 1.330274429
#define RSQRT2PI 0.39894228040143267793994605993438

double cnd(double d)
{
    double k = 1.0 / (1.0 + 0.2316419 * fabs(d));
    double c = RSQRT2PI * exp(-0.5 * d * d) * (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))));
    if (d > 0)
        c = 1.0 - c;
    return c;
}

__kernel void black_scholes(__global const double *S, __global const double *X,
                            __global const double *T, double R, double V,
                            __global double *call, __global double *put)
{
    int i = get_global_id(0);
    double s = S[i], x = X[i], t = T[i];
    double sqrtT = sqrt(t);
    double d1 = (log(s / x) + (R + 0.5 * V * V) * t) / (V * sqrtT);
    double d2 = d1 - V * sqrtT;
    double n1 = cnd(d1);
    double n2 = cnd(d2);
    double expRT = exp(-R * t);
    call[i] = s * n1 - x * expRT * n2;
    put[i] = x * expRT * (1.0 - n2) - s * (1.0 - n1);
}
