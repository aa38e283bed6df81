// Varying i32 values that step by a constant from one work-item to the next become
// SIMD vectors on the host JIT as lane 0's value plus constant steps, when the steps
// hold modulo 2^32 (x = 5i - 7). Through a uchar they do not (y wraps from 255 to 0
// inside the first packet), so y's vector is built from each work-item's own value.
// Expected output from a Python transcription: a = x * x + 1,
// b = y * 3 + (y > 200) with y = (i + 250) % 256.
// RUN: kauai oclc -execute -enqueue ids -arg a,repeat(32,0) -arg b,repeat(32,0) -print a,32 -print b,32 -global 32 -local 16 %s
// CHECK: a,50,5,10,65,170,325,530,785,1090,1445,1850,2305,2810,3365,3970,4625,5330,6085,6890,7745,8650,9605,10610,11665,12770,13925,15130,16385,17690,19045,20450,21905
// CHECK: b,751,754,757,760,763,766,0,3,6,9,12,15,18,21,24,27,30,33,36,39,42,45,48,51,54,57,60,63,66,69,72,75

__kernel void ids(__global int *a, __global int *b)
{
    int i = get_global_id(0);
    int x = i * 5 - 7;
    a[i] = x * x + 1;
    uchar c = (uchar)(get_global_id(0) + 250);
    int y = c;
    b[i] = y * 3 + (y > 200);
}
