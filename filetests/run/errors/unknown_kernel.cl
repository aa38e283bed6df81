// -enqueue names a kernel the program does not have: the error names it and lists the
// kernels there are.
// RUN: kauai oclc -execute -enqueue nope -print out,4 -global 4 %s
// CHECK-FAIL: no kernel named `nope` in the program (kernels: present)

__kernel void present(__global int *out)
{
    out[get_global_id(0)] = 1;
}
