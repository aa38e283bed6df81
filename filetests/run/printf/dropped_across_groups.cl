// Every work-item prints one 132-byte record: the format id (4 bytes), an int (4) and a
// 123-character string with its NUL (124). The 1 MiB printf buffer holds an 8-byte
// header, then (1048576 - 8) / 132 = 7943 records (7943 * 132 = 1048476 bytes), so of
// the 8000 calls, in work-item order, those of work-items 0 to 7942 print and the last
// 8000 - 7943 = 57 are dropped. Every device counts the dropped calls across its 125
// work-groups (the IL kernels with an atomic add on the buffer's header) and oclc warns.
// RUN: kauai oclc -execute -enqueue flood -global 8000 -local 64 %s
// CHECK: 0 abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabc
// CHECK-NEXT: 1 abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabc
// CHECK: 7942 abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabc
// CHECK-WARNING: kernel `flood`: the printf buffer (1048576 bytes) filled up; the output of 57 printf call(s) after it was dropped

kernel void flood(void)
{
    printf("%d %s\n", (int)get_global_id(0), "abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabc");
}
