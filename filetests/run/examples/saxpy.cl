// Runs examples/saxpy.cl with the command its header shows (the RUN line names the
// example by a path relative to this file). y_i = 0.5 (i + 1) + 10, exact in float32.
// RUN: kauai oclc -execute -enqueue saxpy -arg a,0.5 -arg 'x,range(1,8)' -arg 'y,repeat(8,10)' -print y,8 -global 8 -local 4 ../../../examples/saxpy.cl
// CHECK: y,10.5,11,11.5,12,12.5,13,13.5,14
