// A compare list longer than the buffer it describes is refused before it is expanded.
// RUN: kauai oclc -execute -enqueue fill -arg out,1,2,3,4 -compare out,repeat(1000000000000,0) -global 4 %s
// CHECK-FAIL: -compare out,repeat(1000000000000,0): 1000000000000 expected values but the buffer holds 4

__kernel void fill(__global int *out)
{
    out[get_global_id(0)] = 1;
}
