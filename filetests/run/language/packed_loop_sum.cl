// A running sum carried around a loop by each work-item (a block parameter the host
// JIT keeps in SIMD vectors of work-items, like the arithmetic feeding it), beside an
// int carried the same way. Expected values: reference/language.py ("packed_loop"),
// float32 rounding after every operation; the inputs are multiples of 1/8.
// RUN: kauai oclc -execute -enqueue sum -arg x,-5,-0.375,4.25,-3.75,0.875,5.5,-2.5,2.125,6.75,-1.25,3.375,-4.625,0,4.625,-3.375,1.25,5.875,-2.125,2.5,7.125,-0.875,3.75,-4.25,0.375,5,-3,1.625,6.25,-1.75,2.875,7.5,-0.5,4.125,-3.875,0.75,5.375,-2.625,2,6.625,-1.375,3.25,-4.75,-0.125,4.5,-3.5,1.125,5.75,-2.25,2.375,7,-1,3.625,-4.375,0.25,4.875,-3.125,1.5,6.125,-1.875,2.75,7.375,-0.625,4,-4,0.625,5.25,-2.75,1.875,6.5,-1.5,3.125,-4.875,-0.25,4.375,-3.625,1,5.625,-2.375,2.25,6.875 -arg n,5 -print acc,16 -print cnt,16 -global 16 -local 16 %s
// CHECK: acc,4,2.9375,1.875,7.125,-0.25,5,3.9375,-3.4375,8.125,0.75,-0.3125,4.9375,3.875,2.8125,8.0625,0.6875
// CHECK: cnt,58,179,300,421,542,663,784,905,1026,1147,1268,1389,1510,1631,1752,1873

__kernel void sum(__global const float *x, int n, __global float *acc, __global int *cnt)
{
    int i = get_global_id(0);
    float a = 0.0f;
    int c = 0;
    for (int k = 0; k < n; k++) {
        a += x[16 * k + i] * 0.5f;
        c = c * 3 + i + k;
    }
    acc[i] = a;
    cnt[i] = c;
}
