// Runs examples/reduce.cl with the command its header shows (the RUN line names the
// example by a path relative to this file). Group g of 32 sums 32g+1 .. 32g+32,
// which is 1024 g + 528.
// RUN: kauai oclc -execute -enqueue reduce -arg 'in,range(1,128)' -arg scratch,128 -print partial,4 -global 128 -local 32 ../../../examples/reduce.cl
// CHECK: partial,528,1552,2576,3600
