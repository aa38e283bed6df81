// The order of printf output: two work-groups of four work-items, each printing before
// and after a barrier. Work-groups print in linear order, and within a group every
// work-item (by local id) up to the barrier, then every one after it: the order of the
// kauai IL emulator, kept on the host whatever thread runs which group
// (reference/printf_reference.c, section order.cl).
// RUN: kauai oclc -execute -enqueue order -global 8 -local 4 %s
// CHECK: group 0 item 0 before
// CHECK-NEXT: group 0 item 1 before
// CHECK-NEXT: group 0 item 2 before
// CHECK-NEXT: group 0 item 3 before
// CHECK-NEXT: group 0 item 0 after
// CHECK-NEXT: group 0 item 1 after
// CHECK-NEXT: group 0 item 2 after
// CHECK-NEXT: group 0 item 3 after
// CHECK-NEXT: group 1 item 0 before
// CHECK-NEXT: group 1 item 1 before
// CHECK-NEXT: group 1 item 2 before
// CHECK-NEXT: group 1 item 3 before
// CHECK-NEXT: group 1 item 0 after
// CHECK-NEXT: group 1 item 1 after
// CHECK-NEXT: group 1 item 2 after
// CHECK-NEXT: group 1 item 3 after

kernel void order(void)
{
    int g = get_group_id(0);
    int l = get_local_id(0);
    printf("group %d item %d before\n", g, l);
    barrier(CLK_LOCAL_MEM_FENCE);
    printf("group %d item %d after\n", g, l);
}
