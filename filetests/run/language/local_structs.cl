// Structs and 2-D arrays in __local memory: each work-group of 4 fills a kernel-scope
// __local array of struct { int key; float weight; short tag[2]; } and a 2-D __local int
// table, then after a barrier every work-item reads its neighbour's entry:
//  out[g] = key(next) * 100 + tag[1](next), wout[g] = weight(next) * 2,
//  tab[g] = table[l][(l + 1) % 4] + table[(l + 1) % 4][l] where table[r][c] = 10 r + c
//           + 100 * group, written cell by cell by work-item r.
// in = 1..8 (two groups); key = in, weight = in / 4, tag = (in, -in), next = (l + 1) % 4.
// Group 0, l = 0 reads l = 1: key 2, tag[1] -2 -> 198; weight 0.5 -> 1; tab = 1 + 10 = 11.
// Group 1 adds 100 to every table cell: tab = 211, ...
// RUN: kauai oclc -execute -enqueue lstructs -arg in,range(1,8) -print out,8 -print wout,8 -print tab,8 -global 8 -local 4 %s
// CHECK: out,198,297,396,99,594,693,792,495
// CHECK-NEXT: wout,1,1.5,2,0.5,3,3.5,4,2.5
// CHECK-NEXT: tab,11,33,55,33,211,233,255,233

typedef struct {
    int key;
    float weight;
    short tag[2];
} Entry;

__kernel void lstructs(__global const int *in, __global int *out, __global float *wout,
                       __global int *tab)
{
    __local Entry entries[4];
    __local int table[4][4];
    int g = get_global_id(0);
    int l = get_local_id(0);
    int v = in[g];
    entries[l].key = v;
    entries[l].weight = v / 4.0f;
    entries[l].tag[0] = v;
    entries[l].tag[1] = -v;
    for (int c = 0; c < 4; c++)
        table[l][c] = 10 * l + c + 100 * (int)get_group_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    int nx = (l + 1) % 4;
    out[g] = entries[nx].key * 100 + entries[nx].tag[1];
    wout[g] = entries[nx].weight * 2.0f;
    tab[g] = table[l][nx] + table[nx][l];
}
