// Private memory is checked per work-item (the IL devices checked the whole
// private ring, so work-item 0 overran its array into work-item 1's silently): work-item
// 0 writes a[4] of its 4-int array, then a[-1]; each run fails naming work-item 0 on the
// host and on every kauai device.
// RUN: kauai oclc -execute -enqueue priv -arg n,4 -print o,4 -global 4 %s
// CHECK-FAIL: fault in kernel priv, work-item (0, 0, 0)
// RUN: kauai oclc -execute -enqueue priv -arg n,-1 -print o,4 -global 4 %s
// CHECK-FAIL: fault in kernel priv, work-item (0, 0, 0)

__kernel void priv(__global int *o, int n)
{
    int a[4];
    int l = get_global_id(0);
    for (int i = 0; i < 4; i++)
        a[i] = l;
    if (l == 0)
        a[n] = 99;
    o[l] = a[0] + a[1] + a[2] + a[3];
}
