// Qualifiers and attributes that must be accepted without changing results:
// address spaces without underscores (kernel, global, local, constant, private),
// restrict and const on pointer parameters, a volatile global pointer used by atomics,
// __attribute__((vec_type_hint(float4))), work_group_size_hint(4, 1, 1), an aligned
// private array, #pragma unroll on a loop, and a program-scope constant table.
// out[i] = in[i] * weights[i % 4] + priv[i % 4], priv = 10, 20, 30, 40, weights = 1..4:
// in = 1..8 -> 11, 24, 39, 56, 15, 32, 51, 72; count[0] = 8 (atomic_inc per work-item).
// RUN: kauai oclc -execute -enqueue quals -arg in,range(1,8) -arg count,0 -arg scratch,32 -print out,8 -print count,1 -global 8 -local 4 %s
// CHECK: out,11,24,39,56,15,32,51,72
// CHECK-NEXT: count,8

constant int weights[4] = { 1, 2, 3, 4 };

kernel __attribute__((vec_type_hint(float4))) __attribute__((work_group_size_hint(4, 1, 1)))
void quals(global const int *restrict in, global int *restrict out,
           volatile global int *count, local int *scratch)
{
    private int priv[4] __attribute__((aligned(16)));
#pragma unroll
    for (int k = 0; k < 4; k++)
        priv[k] = 10 * (k + 1);
    int i = get_global_id(0);
    scratch[get_local_id(0)] = in[i] * weights[i % 4];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[i] = scratch[get_local_id(0)] + priv[i % 4];
    atomic_inc(count);
}
