// Runs examples/vector_add.cl with the command its header shows (the RUN line names the
// example by a path relative to this file instead of %s). c_i = a_i + b_i = 11 i + 10.
// RUN: kauai oclc -execute -enqueue vector_add -arg 'a,range(0,7)' -arg 'b,range(10,80,10)' -print c,8 -global 8 ../../../examples/vector_add.cl
// CHECK: c,10,21,32,43,54,65,76,87
