// -compare NAME:FILE reads the expected list from a file (commas or whitespace between
// values): inputs/squares_16.txt holds 0, 1, 4, ..., 225 and the kernel writes i * i.
//  run 1: the buffer is also given by -arg (16 zeros), so its size is known;
//  run 2: the buffer is named only by the compare, so it must be created with as many
//         elements as the file lists (as a -print count or an inline list does).
// RUN: kauai oclc -execute -enqueue squares -arg out,repeat(16,0) -compare out:../inputs/squares_16.txt -global 16 %s
// CHECK: out - match
// RUN: kauai oclc -execute -enqueue squares -compare out:../inputs/squares_16.txt -global 16 %s
// CHECK-NEXT: out - match

__kernel void squares(__global int *out)
{
    int i = get_global_id(0);
    out[i] = i * i;
}
