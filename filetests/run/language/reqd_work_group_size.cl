// __attribute__((reqd_work_group_size(4, 1, 1))): without -local the runtime must use
// the required size (each work-item writes 100 * get_local_size(0) + get_local_id(0):
// 400..403 twice for 8 work-items); a different -local is rejected
// (CL_INVALID_WORK_GROUP_SIZE in OpenCL 1.2). The failing run comes last: a failure
// ends the test's runs.
// RUN: kauai oclc -execute -enqueue fixed -print out,8 -global 8 %s
// CHECK: out,400,401,402,403,400,401,402,403
// RUN: kauai oclc -execute -enqueue fixed -print out,8 -global 8 -local 2 %s
// CHECK-FAIL: reqd_work_group_size

__kernel __attribute__((reqd_work_group_size(4, 1, 1))) void fixed(__global int *out)
{
    out[get_global_id(0)] = 100 * get_local_size(0) + get_local_id(0);
}
