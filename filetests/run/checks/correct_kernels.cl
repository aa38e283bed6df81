// Correct kernels must produce no finding: the run-tests' tree reduction, Hillis-Steele
// scan (double buffering with barriers), histogram with local atomics, bitonic sort and
// tiled matrix product, run with -check all (races, uninitialized values, async copies); their outputs are the ones their own
// tests check (see those files).
// RUN: kauai oclc -check all -execute -enqueue scan -arg in,3,1,4,1,5,9,2,6,5,3,5,8,9,7,9,3,2,3,8,4,6,2,6,4,3,3,8,3,2,7,9,5 -arg buf,128 -print out,32 -global 32 -local 16 ../algorithms/scan_hillis_steele.cl
// CHECK: out,3,4,8,9,14,23,25,31,36,39,44,52,61,68,77,80,2,5,13,17,23,25,31,35,38,41,49,52,54,61,70,75
// RUN: kauai oclc -check all -execute -enqueue histogram -arg values:../inputs/hist_values.txt -print hist,16 -global 128 -local 32 ../algorithms/histogram.cl
// CHECK: hist,2,16,2,14,2,14,2,14,2,14,1,15,1,15,1,13
// RUN: kauai oclc -check all -execute -enqueue bitonic -arg data,17,-3,42,8,8,0,-50,99,23,5,5,5,61,-7,12,30,1,2,3,-1,-2,-3,100,-100,77,64,13,31,0,19,44,6 -print data,32 -global 16 -local 16 ../algorithms/bitonic_sort.cl
// CHECK: data,-100,-50,-7,-3,-3,-2,-1,0,0,1,2,3,5,5,5,6,8,8,12,13,17,19,23,30,31,42,44,61,64,77,99,100
// RUN: kauai oclc -check all -execute -enqueue reduce_sum -arg in,range(1,64) -print sums,4 -global 64 -local 16 ../algorithms/reduce_local.cl
// CHECK: sums,136,392,648,904
// RUN: kauai oclc -check all -execute -enqueue check_me -print o,1 -global 1 %s
// CHECK: o,1
// The asynchronous copies define the memory they fill (the uninit check follows them).
// RUN: kauai oclc -check all -execute -enqueue rev -arg src,range(0,15) -arg a,32 -arg b,32 -print dst,16 -print dst2,16 -print out3,16 -global 16 -local 8 ../builtins/async_copy_group.cl
// CHECK: dst,7,6,5,4,3,2,1,0,15,14,13,12,11,10,9,8
// CHECK-NEXT: dst2,0,0,1,0,2,0,3,0,8,0,9,0,10,0,11,0
// CHECK-NEXT: out3,0,2,4,6,-1,-1,-1,-1,8,10,12,14,-1,-1,-1,-1
// A tiled matrix product whose tiles arrive by async copies.
// RUN: kauai oclc -check all -execute -enqueue mm -arg a,range(-32,31) -arg b,-3,2,0,-2,3,1,-1,-3,0,-2,3,1,-1,-3,2,0,3,1,-1,-3,2,0,-2,3,-1,-3,2,0,-2,3,1,-1,2,0,-2,3,1,-1,-3,2,-2,3,1,-1,-3,2,0,-2,1,-1,-3,2,0,-2,3,1,-3,2,0,-2,3,1,-1,-3 -arg n,8 -print c,64 -global 8,8 -local 4,4 ../suite/async_copy_matmul.cl
// CHECK: c,82,-50,-14,64,-89,-25,32,82,58,-34,-14,48,-65,-17,24,58,34,-18,-14,32,-41,-9,16,34,10,-2,-14,16,-17,-1,8,10,-14,14,-14,0,7,7,0,-14,-38,30,-14,-16,31,15,-8,-38,-62,46,-14,-32,55,23,-16,-62,-86,62,-14,-48,79,31,-24,-86

__kernel void check_me(__global int *o)
{
    *o = 1;
}
