// Work-group sizes are 32-bit in the runtime and the devices: a larger attribute value
// must be refused here, not truncated later (4294967297 became 1).
__kernel __attribute__((reqd_work_group_size(4294967297, 1, 1))) void k(__global int *o)
{
    o[0] = 1;
}

__kernel __attribute__((work_group_size_hint(1, 1, 1L << 40))) void h(__global int *o)
{
    o[0] = 1;
}

/* EXPECTED
error: work-group size 4294967297 is too large
  ┌─ work_group_size_range.cl:3:46
  │
3 │ __kernel __attribute__((reqd_work_group_size(4294967297, 1, 1))) void k(__global int *o)
  │                                              ^^^^^^^^^^ the limit MAX_WORK_GROUP_SIZE_ATTR is 4294967295

error: work-group size 1099511627776 is too large
  ┌─ work_group_size_range.cl:8:52
  │
8 │ __kernel __attribute__((work_group_size_hint(1, 1, 1L << 40))) void h(__global int *o)
  │                                                    ^^^^^^^^ the limit MAX_WORK_GROUP_SIZE_ATTR is 4294967295

*/
