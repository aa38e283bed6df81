// A work-group larger than the device allows (CL_INVALID_WORK_ITEM_SIZE /
// CL_INVALID_WORK_GROUP_SIZE in OpenCL 1.2): 1 x 4096 work-items per group.
// RUN: kauai oclc -execute -enqueue fill -print out,4096 -global 4096 -local 4096 %s
// CHECK-FAIL: exceeds the device maximum

__kernel void fill(__global int *out)
{
    out[get_global_id(0)] = 1;
}
