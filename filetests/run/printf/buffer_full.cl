// The printf buffer is 1 MiB: an 8-byte header, then 8-byte records (format id, one int).
// (1048576 - 8) / 8 = 131071 records fit, so the loop's records 0 to 131070 print and
// the later ones are dropped, as AMD devices drop writes past the buffer. printf returns
// 0 for the 131071 records written and -1 for the 140000 - 131071 = 8929 dropped (one
// work-group, so the host knows at once), so n = 131071; the dropped calls are counted
// (on the IL devices by the kernel, in the buffer's header) and reported.
// RUN: kauai oclc -execute -enqueue flood -print r,1 -global 1 %s
// CHECK: 0
// CHECK-NEXT: 1
// CHECK: 131069
// CHECK-NEXT: 131070
// CHECK-NEXT: r,131071
// CHECK-WARNING: kernel `flood`: the printf buffer (1048576 bytes) filled up; the output of 8929 printf call(s) after it was dropped

kernel void flood(global int *r)
{
    int n = 0;
    for (int i = 0; i < 140000; i++)
        n += 1 + printf("%d\n", i);
    r[0] = n;
}
