// A -print into a file that cannot be written names the file.
// RUN: kauai oclc -execute -enqueue fill -print out,4:no-such-dir/out.txt -global 4 %s
// CHECK-FAIL: no-such-dir/out.txt: No such file or directory

__kernel void fill(__global int *out)
{
    out[get_global_id(0)] = 1;
}
