// Three kernels with a 16000-byte kernel-scope __local array each. Every kernel lays out
// only the __local variables it reaches, so each needs 16000 bytes of local memory and
// fits every device (16 KiB on 7XX, 32 KiB on Evergreen and later), where the three
// together (48000 bytes) would fit none.
// A work-group of 16 fills its array with s[i] = i + B (B = 1, 2, 3 for a, b, c), then
// work-item l reads s[3999 - 250 l]: out[l] = 3999 - 250 l + B, i.e. 4000 - 250 l for a.
// RUN: kauai oclc -execute -enqueue a -print out,16 -global 16 -local 16 %s
// CHECK: out,4000,3750,3500,3250,3000,2750,2500,2250,2000,1750,1500,1250,1000,750,500,250
// RUN: kauai oclc -execute -enqueue b -print out,16 -global 16 -local 16 %s
// CHECK: out,4001,3751,3501,3251,3001,2751,2501,2251,2001,1751,1501,1251,1001,751,501,251
// RUN: kauai oclc -execute -enqueue c -print out,16 -global 16 -local 16 %s
// CHECK: out,4002,3752,3502,3252,3002,2752,2502,2252,2002,1752,1502,1252,1002,752,502,252

#define N 4000

// Called by each kernel with its own array: the helper reaches no __local variable itself.
void fill(__local int *s, int b)
{
    for (int i = get_local_id(0); i < N; i += get_local_size(0))
        s[i] = i + b;
}

__kernel void a(__global int *out)
{
    __local int s[N];
    fill(s, 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[N - 1 - 250 * get_local_id(0)];
}

__kernel void b(__global int *out)
{
    __local int t[N];
    fill(t, 2);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[N - 1 - 250 * get_local_id(0)];
}

__kernel void c(__global int *out)
{
    __local int u[N];
    fill(u, 3);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = u[N - 1 - 250 * get_local_id(0)];
}
