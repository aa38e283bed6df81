// Math builtins on float (OpenCL 1.2 section 6.12.2), x = 0.5, 1, 2, pi_f, 10, 0.1 with
// y = 3, -2, 0.25, 1, 0.5, 7 and z = 1, 0.5, -0.125, 2, -3, 0:
//  math_exact (printed, exact by definition): fma(x, y, z) (correctly rounded), fabs(-x),
//    floor(3x), ceil(3x), fmin(x, y), fmax(x, y);
//  math_approx (compared within 4 ulp, the largest of OpenCL's limits for these:
//    sqrt 3, rsqrt 2, exp 3, log 3, sin 4, cos 4): sqrt, rsqrt, exp, log, sin, cos of x;
//  math_pow (within 16 ulp, OpenCL's pow limit): pow(x, 1.5), pow(2, -3), pow(10, 3).
// Expected values: Python's double-precision math rounded to float32
// (reference/builtins.py), written with all digits so the lists are the exact floats.
// Note sin(pi_f) = -8.742278e-08 (pi_f is not pi), which needs an accurate reduction.
// RUN: kauai oclc -execute -enqueue math_exact -arg x,0.5,1.0,2.0,3.14159274,10.0,0.1 -arg y,3.0,-2.0,0.25,1.0,0.5,7.0 -arg z,1.0,0.5,-0.125,2.0,-3.0,0.0 -print ex,36 -global 6 %s
// CHECK: ex,2.5,0.5,1,2,0.5,3,-1.5,1,3,3,-2,1,0.375,2,6,6,0.25,2,5.141593,3.141593,9,10,1,3.141593,2,10,30,30,0.5,10,0.7,0.1,0,1,0.1,7
// RUN: kauai oclc -execute -enqueue math_approx -arg x,0.5,1.0,2.0,3.14159274,10.0,0.1 -compare ap,0.7071067690849304,1.4142135381698608,1.6487212181091309,-0.6931471824645996,0.4794255495071411,0.8775825500488281,1.0,1.0,2.7182817459106445,0.0,0.8414709568023682,0.5403022766113281,1.4142135381698608,0.7071067690849304,7.389056205749512,0.6931471824645996,0.9092974066734314,-0.416146844625473,1.7724539041519165,0.5641895532608032,23.140695571899414,1.1447299718856812,-8.742277657347586e-08,-1.0,3.1622776985168457,0.3162277638912201,22026.46484375,2.3025851249694824,-0.5440211296081543,-0.83907151222229,0.3162277638912201,3.1622776985168457,1.1051709651947021,-2.3025851249694824,0.0998334214091301,0.9950041770935059 -ulp-error 4 -global 6 %s
// CHECK: ap - match
// RUN: kauai oclc -execute -enqueue math_pow -arg x,0.5,1.0,2.0,3.14159274,10.0,0.1 -compare pw,0.3535533845424652,1.0,2.8284270763397217,5.568328380584717,31.62277603149414,0.03162277862429619,0.125,1000.0 -ulp-error 16 -global 6 %s
// CHECK: pw - match

__kernel void math_exact(__global const float *x, __global const float *y,
                         __global const float *z, __global float *ex)
{
    size_t i = get_global_id(0);
    float a = x[i];
    float b = y[i];
    __global float *o = ex + 6 * i;
    o[0] = fma(a, b, z[i]);
    o[1] = fabs(-a);
    o[2] = floor(a * 3.0f);
    o[3] = ceil(a * 3.0f);
    o[4] = fmin(a, b);
    o[5] = fmax(a, b);
}

__kernel void math_approx(__global const float *x, __global float *ap)
{
    size_t i = get_global_id(0);
    float a = x[i];
    __global float *o = ap + 6 * i;
    o[0] = sqrt(a);
    o[1] = rsqrt(a);
    o[2] = exp(a);
    o[3] = log(a);
    o[4] = sin(a);
    o[5] = cos(a);
}

__kernel void math_pow(__global const float *x, __global float *pw)
{
    size_t i = get_global_id(0);
    pw[i] = pow(x[i], 1.5f);
    if (i == 0) {
        pw[6] = pow(2.0f, -3.0f);
        pw[7] = pow(x[4], 3.0f);
    }
}
