// Loads and stores through an index array (a permutation of 0..31): the host JIT keeps
// the indices packed and checks a packet's elements with one SIMD compare of the
// indices against the last one in bounds, then makes each access unchecked. The
// scatter sits under a guard on the id (n = 21 of 32 work-items), which runs masked:
// the work-items left out store to the scratch slot. Expected output from a Python
// transcription: dst[i] = 2 * src[idx[i]], sc[idx[i]] = src[idx[i]] for i < 21, else 0.
// RUN: kauai oclc -execute -enqueue k -arg idx,29,19,20,13,4,12,23,7,22,0,10,11,8,1,2,9,25,3,21,15,31,5,6,18,16,26,14,24,30,17,27,28 -arg src,range(100.5,131.5) -arg dst,repeat(32,0) -arg sc,repeat(32,0) -arg n,21 -print dst,32 -print sc,32 -global 32 -local 16 %s
// CHECK: dst,259,239,241,227,209,225,247,215,245,201,221,223,217,203,205,219,251,207,243,231,263,211,213,237,233,253,229,249,261,235,255,257
// CHECK: sc,100.5,101.5,102.5,103.5,104.5,0,0,107.5,108.5,109.5,110.5,111.5,112.5,113.5,0,115.5,0,0,0,119.5,120.5,121.5,122.5,123.5,0,125.5,0,0,0,129.5,0,131.5

__kernel void k(__global const int *idx, __global const float *src, __global float *dst,
                __global float *sc, int n)
{
    int i = get_global_id(0);
    int j = idx[i];
    float v = src[j];
    dst[i] = v * 2.0f;
    if (i < n)
        sc[j] = v;
}
