// A fault inside a helper too long to inline (over 200 IR instructions), called from
// packets of 16: the packet faults in the call, and the group runs again one work-item
// at a time in the kernel's one-work-item form, which the host JIT compiles only then,
// with its own copy of the helper. The report names the same work-item as the
// interpreter's: 29, the first whose p[i + 3] is past the 32 elements.
// RUN: kauai oclc -execute -enqueue k -arg p,range(0,31) -arg o,repeat(32,0) -print o,32 -global 32 -local 16 %s
// CHECK-FAIL: fault in kernel k, work-item (29, 0, 0)

float mix(__global const float *p, int i)
{
    float x = p[i];
    x = x * 1.00f + 0.5f;
    x = x * 1.01f + 1.5f;
    x = x * 1.02f + 2.5f;
    x = x * 1.03f + 3.5f;
    x = x * 1.04f + 4.5f;
    x = x * 1.05f + 5.5f;
    x = x * 1.06f + 6.5f;
    x = x * 1.07f + 7.5f;
    x = x * 1.08f + 8.5f;
    x = x * 1.09f + 9.5f;
    x = x * 1.00f + 10.5f;
    x = x * 1.01f + 11.5f;
    x = x * 1.02f + 12.5f;
    x = x * 1.03f + 13.5f;
    x = x * 1.04f + 14.5f;
    x = x * 1.05f + 15.5f;
    x = x * 1.06f + 16.5f;
    x = x * 1.07f + 17.5f;
    x = x * 1.08f + 18.5f;
    x = x * 1.09f + 19.5f;
    x = x * 1.00f + 20.5f;
    x = x * 1.01f + 21.5f;
    x = x * 1.02f + 22.5f;
    x = x * 1.03f + 23.5f;
    x = x * 1.04f + 24.5f;
    x = x * 1.05f + 25.5f;
    x = x * 1.06f + 26.5f;
    x = x * 1.07f + 27.5f;
    x = x * 1.08f + 28.5f;
    x = x * 1.09f + 29.5f;
    x = x * 1.00f + 30.5f;
    x = x * 1.01f + 31.5f;
    x = x * 1.02f + 32.5f;
    x = x * 1.03f + 33.5f;
    x = x * 1.04f + 34.5f;
    x = x * 1.05f + 35.5f;
    x = x * 1.06f + 36.5f;
    x = x * 1.07f + 37.5f;
    x = x * 1.08f + 38.5f;
    x = x * 1.09f + 39.5f;
    x = x * 1.00f + 40.5f;
    x = x * 1.01f + 41.5f;
    x = x * 1.02f + 42.5f;
    x = x * 1.03f + 43.5f;
    x = x * 1.04f + 44.5f;
    x = x * 1.05f + 45.5f;
    x = x * 1.06f + 46.5f;
    x = x * 1.07f + 47.5f;
    x = x * 1.08f + 48.5f;
    x = x * 1.09f + 49.5f;
    x = x * 1.00f + 50.5f;
    x = x * 1.01f + 51.5f;
    x = x * 1.02f + 52.5f;
    x = x * 1.03f + 53.5f;
    x = x * 1.04f + 54.5f;
    x = x * 1.05f + 55.5f;
    x = x * 1.06f + 56.5f;
    x = x * 1.07f + 57.5f;
    x = x * 1.08f + 58.5f;
    x = x * 1.09f + 59.5f;
    x = x * 1.00f + 60.5f;
    x = x * 1.01f + 61.5f;
    x = x * 1.02f + 62.5f;
    x = x * 1.03f + 63.5f;
    x = x * 1.04f + 64.5f;
    x = x * 1.05f + 65.5f;
    x = x * 1.06f + 66.5f;
    x = x * 1.07f + 67.5f;
    x = x * 1.08f + 68.5f;
    x = x * 1.09f + 69.5f;
    return x + p[i + 3];
}

__kernel void k(__global const float *p, __global float *o)
{
    int i = get_global_id(0);
    o[i] = mix(p, i);
}
