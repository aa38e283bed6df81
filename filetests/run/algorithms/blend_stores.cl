// Data-dependent branches whose stores write back where the branch's block loaded
// (a bitonic compare-exchange step, an if/else on a loaded float, a one-sided update),
// which the host JIT runs in packets with the stores blended: every work-item stores,
// those that skip the branch the value they loaded. The if/else stores on both sides,
// so it must not blend (a write-back on one side would undo the other side's store). The step runs at j = 8 (partners
// four or more work-items away: vector loads and stores, checked consecutive at run
// time), j = 1 and j = 2 (partners inside a packet of four: the packet splits).
// Expected output from a Python transcription of the kernel (float32 arithmetic).
// RUN: kauai oclc -execute -enqueue k -arg data,331,970,154,404,666,49,74,840,548,96,374,596,59,931,519,219,38,88,444,428,71,246,92,564,434,60,846,579,126,970,228,645 -arg f,0.63,0.95,0.58,0.4,0.98,0.05,0.86,0.29,0.14,0.12,0.31,0.82,0.18,0.58,0.64,0.37,0.55,0.06,0.06,0.21,0.68,0.43,0.31,0.59,0.45,0.3,0.79,0.7,0.24,0.57,0.53,0.88 -arg sel,43,7,-14,27,-41,-35,15,3,-29,46,-7,-31,12,3,-45,35,-41,47,21,23,-10,-7,38,-6,26,13,24,8,-42,-39,-16,10 -arg kk,16 -arg j,8 -print data,32 -print f,32 -print sel,32 -global 32 -local 16 %s
// CHECK: data,331,96,154,404,59,49,74,219,548,970,374,596,666,931,519,840,434,88,846,579,126,970,228,645,38,60,444,428,71,246,92,564
// CHECK: f,1.26,1.9,1.16,-0.3,1.96,-0.475,1.72,-0.355,-0.43,-0.44,-0.345,1.64,-0.41,1.16,1.28,-0.315,1.1,-0.47,-0.47,-0.395,1.36,-0.285,-0.345,1.18,-0.275,-0.35,1.58,1.4,-0.38,1.14,1.06,1.76
// CHECK: sel,143,107,-14,127,59,65,115,103,71,46,93,69,12,103,55,135,59,147,121,123,-10,93,38,-6,26,113,24,8,-42,61,-16,10
// RUN: kauai oclc -execute -enqueue k -arg data,331,970,154,404,666,49,74,840,548,96,374,596,59,931,519,219,38,88,444,428,71,246,92,564,434,60,846,579,126,970,228,645 -arg f,0.63,0.95,0.58,0.4,0.98,0.05,0.86,0.29,0.14,0.12,0.31,0.82,0.18,0.58,0.64,0.37,0.55,0.06,0.06,0.21,0.68,0.43,0.31,0.59,0.45,0.3,0.79,0.7,0.24,0.57,0.53,0.88 -arg sel,43,7,-14,27,-41,-35,15,3,-29,46,-7,-31,12,3,-45,35,-41,47,21,23,-10,-7,38,-6,26,13,24,8,-42,-39,-16,10 -arg kk,4 -arg j,1 -print data,32 -global 32 -local 16 %s
// CHECK: data,331,970,154,404,666,49,840,74,96,548,374,596,931,59,519,219,38,88,428,444,246,71,564,92,60,434,579,846,970,126,645,228
// RUN: kauai oclc -execute -enqueue k -arg data,331,970,154,404,666,49,74,840,548,96,374,596,59,931,519,219,38,88,444,428,71,246,92,564,434,60,846,579,126,970,228,645 -arg f,0.63,0.95,0.58,0.4,0.98,0.05,0.86,0.29,0.14,0.12,0.31,0.82,0.18,0.58,0.64,0.37,0.55,0.06,0.06,0.21,0.68,0.43,0.31,0.59,0.45,0.3,0.79,0.7,0.24,0.57,0.53,0.88 -arg sel,43,7,-14,27,-41,-35,15,3,-29,46,-7,-31,12,3,-45,35,-41,47,21,23,-10,-7,38,-6,26,13,24,8,-42,-39,-16,10 -arg kk,32 -arg j,2 -print data,32 -global 32 -local 16 %s
// CHECK: data,154,404,331,970,74,49,666,840,374,96,548,596,59,219,519,931,38,88,444,428,71,246,92,564,434,60,846,579,126,645,228,970

__kernel void k(__global uint *data, __global float *f, __global int *sel, uint kk, uint j)
{
    uint i = get_global_id(0);
    uint ixj = i ^ j;
    if (ixj > i) {
        uint a = data[i], b = data[ixj];
        bool up = (i & kk) == 0;
        if ((a > b) == up) {
            data[i] = b;
            data[ixj] = a;
        }
    }
    float x = f[i];
    if (x > 0.5f)
        f[i] = x * 2.0f;
    else
        f[i] = x - 1.0f;
    float y = f[i];
    if (y < 0.0f)
        f[i] = y * 0.5f;
    int s = sel[i];
    if (s & 1)
        sel[i] = s + 100;
}
