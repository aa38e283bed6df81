// Common builtins on float (OpenCL 1.2 section 6.12.4), on values where the result is
// exact (dyadic), so they are printed:
//  mix(1, 3, 0.25) = 1 + 2 * 0.25 = 1.5; step(0.5, 0.25) = 0; step(0.5, 0.5) = 1 (x < edge
//  gives 0); smoothstep(0, 1, 0.5) = 0.5; smoothstep(0, 2, 3) = 1 (t clamped);
//  smoothstep(0, 4, 1): t = 0.25, t^2 (3 - 2t) = 0.0625 * 2.5 = 0.15625;
//  sign(-3.5) = -1, sign(0) = 0, sign(-0) = -0, sign(2) = 1; clamp(5.5, -1, 2) = 2;
//  clamp(-5, -1, 2) = -1.
// degrees/radians are compared within 2 ulp (their OpenCL limit): degrees(M_PI_F) = 180,
// radians(180) = M_PI_F, radians(90) = M_PI_F / 2 (reference/builtins.py).
// RUN: kauai oclc -execute -enqueue common -arg v,1.0,3.0,0.25,0.5,-3.5,2.0 -print cm,12 -global 1 %s
// CHECK: cm,1.5,0,1,0.5,1,0.15625,-1,0,-0,1,2,-1
// RUN: kauai oclc -execute -enqueue degrad -compare dr,180.0,3.1415927410125732,1.5707963705062866 -ulp-error 2 -global 1 %s
// CHECK: dr - match

__kernel void common(__global const float *v, __global float *cm)
{
    float one = v[0], three = v[1], quarter = v[2], hf = v[3];
    float zero = one - one;
    cm[0] = mix(one, three, quarter);
    cm[1] = step(hf, quarter);
    cm[2] = step(hf, hf);
    cm[3] = smoothstep(zero, one, hf);
    cm[4] = smoothstep(zero, 2.0f * one, three);
    cm[5] = smoothstep(zero, 4.0f * one, one);
    cm[6] = sign(v[4]);
    cm[7] = sign(zero);
    cm[8] = sign(-zero);
    cm[9] = sign(v[5]);
    cm[10] = clamp(5.5f * one, -one, 2.0f * one);
    cm[11] = clamp(-5.0f * one, -one, 2.0f * one);
}

__kernel void degrad(__global float *dr)
{
    dr[0] = degrees(M_PI_F);
    dr[1] = radians(180.0f);
    dr[2] = radians(90.0f);
}
