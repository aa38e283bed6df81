// int2 element-wise: out = a + b * (int2)(2, -1), a vector comparison (true is -1 in
// every lane of a vector result, unlike scalars) and a .yx swap.
// a = 0..7, b = 10..17 as four int2: lane x gives a + 2b, lane y gives a - b = -10.
// RUN: kauai oclc -execute -enqueue int2_ops -arg a,range(0,7) -arg b,range(10,17) -print out,8 -print gt,8 -print sw,8 -global 4 %s
// CHECK: out,20,-10,26,-10,32,-10,38,-10
// CHECK-NEXT: gt,0,0,0,0,-1,-1,-1,-1
// CHECK-NEXT: sw,1,0,3,2,5,4,7,6

__kernel void int2_ops(__global const int2 *a, __global const int2 *b,
                       __global int2 *out, __global int2 *gt, __global int2 *sw)
{
    size_t i = get_global_id(0);
    out[i] = a[i] + b[i] * (int2)(2, -1);
    gt[i] = a[i] > (int2)(3);
    sw[i] = a[i].yx;
}
