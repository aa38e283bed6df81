// printf order in two dimensions: groups (0,0) (1,0) (0,1) (1,1), x fastest, and the
// work-items of a group with x fastest (reference/printf_reference.c, section order.cl).
// RUN: kauai oclc -execute -enqueue order_2d -global 4,2 -local 2,1 %s
// CHECK: (0,0) in group (0,0)
// CHECK-NEXT: (1,0) in group (0,0)
// CHECK-NEXT: (2,0) in group (1,0)
// CHECK-NEXT: (3,0) in group (1,0)
// CHECK-NEXT: (0,1) in group (0,1)
// CHECK-NEXT: (1,1) in group (0,1)
// CHECK-NEXT: (2,1) in group (1,1)
// CHECK-NEXT: (3,1) in group (1,1)

kernel void order_2d(void)
{
    printf("(%d,%d) in group (%d,%d)\n", (int)get_global_id(0), (int)get_global_id(1),
           (int)get_group_id(0), (int)get_group_id(1));
}
