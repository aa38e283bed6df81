// OpenCL 1.2 clEnqueueNDRangeKernel rejects a global size that is not a multiple of the
// local size (CL_INVALID_WORK_GROUP_SIZE): 10 work-items in groups of 4.
// RUN: kauai oclc -execute -enqueue copy -arg in,range(1,10) -print out,10 -global 10 -local 4 %s
// CHECK-FAIL: global size 10 is not a multiple of local size 4

__kernel void copy(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    out[i] = in[i];
}
