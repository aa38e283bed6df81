// Value lists are exact for 64-bit types (the range below was computed in
// double and gave one element instead of four, so the kernel faulted). The expected
// values are the literals themselves: a copy prints what was given.
// RUN: kauai oclc -execute -enqueue copy -arg a,range(9223372036854775807,9223372036854775804,-1) -print out,4 -global 4 %s
// CHECK: out,9223372036854775807,9223372036854775806,9223372036854775805,9223372036854775804
// RUN: kauai oclc -execute -enqueue copy -arg a,-9223372036854775808,9007199254740993,-9007199254740993,repeat(1,0x7ffffffffffffffe) -print out,4 -global 4 %s
// CHECK: out,-9223372036854775808,9007199254740993,-9007199254740993,9223372036854775806
// RUN: kauai oclc -execute -enqueue copy_ulong -arg a,18446744073709551615,range(18446744073709551613,18446744073709551611,-2),9223372036854775808 -print out,4 -global 4 %s
// CHECK: out,18446744073709551615,18446744073709551613,18446744073709551611,9223372036854775808
// RUN: kauai oclc -execute -enqueue copy_u -arg a,1,2,3,4 -compare out,18446744073709551615,2,3,4 -arg out,18446744073709551614,2,3,4 -global 4 %s
// CHECK: out - mismatch at 1 of 4 values
// CHECK-NEXT: out[0]: expected 18446744073709551615, actual 18446744073709551614

__kernel void copy(__global const long *a, __global long *out)
{
    size_t i = get_global_id(0);
    out[i] = a[i];
}

__kernel void copy_ulong(__global const ulong *a, __global ulong *out)
{
    size_t i = get_global_id(0);
    out[i] = a[i];
}

// Keeps out[0] as given, for the compare.
__kernel void copy_u(__global const ulong *a, __global ulong *out)
{
    size_t i = get_global_id(0);
    if (i > 0) out[i] = a[i];
}
