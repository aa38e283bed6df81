// -char-error N: uchar results may differ from the expected list by up to N.
// out = rhadd(a, b) = (a + b + 1) >> 1 (rounding up), compared with the truncated average
// (a + b) >> 1: the two differ by exactly 1 where a + b is odd (4 of the 6 pairs here).
// a = 0, 1, 100, 255, 254, 7 and b = 0, 2, 101, 255, 255, 8 -> rhadd = 0, 2, 101, 255, 255, 8
// and the truncated list is 0, 1, 100, 255, 254, 7.
//  run 1: with -char-error 1 the compare matches;
//  run 2: without it, the four odd sums are reported as mismatches (index, expected,
//         actual), and the print shows the rounded values.
// RUN: kauai oclc -execute -enqueue avg -arg a,0,1,100,255,254,7 -arg b,0,2,101,255,255,8 -compare out,0,1,100,255,254,7 -char-error 1 -global 6 %s
// CHECK: out - match
// RUN: kauai oclc -execute -enqueue avg -arg a,0,1,100,255,254,7 -arg b,0,2,101,255,255,8 -compare out,0,1,100,255,254,7 -print out,6 -global 6 %s
// CHECK-NEXT: out - mismatch at 4 of 6 values
// CHECK-NEXT: out[1]: expected 1, actual 2
// CHECK-NEXT: out[2]: expected 100, actual 101
// CHECK-NEXT: out[4]: expected 254, actual 255
// CHECK-NEXT: out[5]: expected 7, actual 8
// CHECK-NEXT: out,0,2,101,255,255,8

__kernel void avg(__global const uchar *a, __global const uchar *b, __global uchar *out)
{
    size_t i = get_global_id(0);
    out[i] = rhadd(a[i], b[i]);
}
