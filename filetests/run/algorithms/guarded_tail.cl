// A guard on the id over buffers exactly n = 21 elements long, in groups of 16: the
// second packet (work-items 16..31) reaches past both buffers, so its one check fails
// and the host JIT checks each work-item on the packet's slow path, where those the
// guard leaves out (21..31) pass and touch only the scratch slot. Nothing faults.
// Expected output by hand: out[i] = in[i] * 3 + 1 for the inputs 0..20.
// RUN: kauai oclc -execute -enqueue tail -arg in,range(0,20) -arg out,repeat(21,0) -arg n,21 -print out,21 -global 32 -local 16 %s
// CHECK: out,1,4,7,10,13,16,19,22,25,28,31,34,37,40,43,46,49,52,55,58,61

__kernel void tail(__global const int *in, __global int *out, int n)
{
    int i = get_global_id(0);
    if (i < n)
        out[i] = in[i] * 3 + 1;
}
