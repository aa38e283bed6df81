// The oclc output forms themselves, on one kernel out[i] = base + i * i run four times
// with fresh buffers each time:
//  run 1: base 10, 4 work-items, the whole buffer printed: 10, 11, 14, 19;
//  run 2: base -5, 16 work-items, -print out,12,4 prints elements 12..15 only:
//         -5 + 144, -5 + 169, -5 + 196, -5 + 225;
//  run 3: base 0, -compare with the right squares -> "out - match";
//  run 4: base 0, -compare with a wrong third value (5 instead of 4) -> a mismatch report
//         naming index 2 with the expected and actual values (a compare must be able to
//         fail).
// RUN: kauai oclc -execute -enqueue squares -arg base,10 -print out,4 -global 4 %s
// CHECK: out,10,11,14,19
// RUN: kauai oclc -execute -enqueue squares -arg base,-5 -print out,12,4 -global 16 %s
// CHECK-NEXT: out,139,164,191,220
// RUN: kauai oclc -execute -enqueue squares -arg base,0 -compare out,0,1,4,9,16 -global 5 %s
// CHECK-NEXT: out - match
// RUN: kauai oclc -execute -enqueue squares -arg base,0 -compare out,0,1,5,9,16 -global 5 %s
// CHECK-NEXT: out - mismatch at 1 of 5 values
// CHECK-NEXT: out[2]: expected 5, actual 4

__kernel void squares(__global int *out, int base)
{
    int i = get_global_id(0);
    out[i] = base + i * i;
}
