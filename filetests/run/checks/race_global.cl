// __global races: `data[i] = data[i + 1]` across work-groups (a barrier cannot order
// groups) is a read-write race: group k stores where group k-1 read, 3 times. Every
// work-item storing its id into `last` is a write-write race, 3 times too (the ids
// differ; same-value stores are reported the same way). Groups run in order, so each
// reads the old value: data = 1 2 3 4 4, last = 3.
// RUN: kauai oclc -check races -execute -enqueue shift -arg data,0,1,2,3,4 -print data,5 -print last,1 -global 4 -local 1 %s
// CHECK: data,1,2,3,4,4
// CHECK: last,3
// CHECK-FINDING: Read-write data race at global memory address 0x20000000004
// CHECK-FINDING: Kernel: shift
// CHECK-FINDING: Check: races; __global buffer argument 0 `data`, byte offset 4; seen 3 times
// CHECK-FINDING: First entity:  Global(0,0,0) Local(0,0,0) Group(0,0,0): load
// CHECK-FINDING: Second entity: Global(1,0,0) Local(0,0,0) Group(1,0,0): store
// CHECK-FINDING: Write-write data race at global memory address 0x30000000000
// CHECK-FINDING: Check: races; __global buffer argument 1 `last`, byte offset 0; seen 3 times
// CHECK-FINDING: First entity:  Global(0,0,0) Local(0,0,0) Group(0,0,0): store
// CHECK-FINDING: Second entity: Global(1,0,0) Local(0,0,0) Group(1,0,0): store

__kernel void shift(__global int *data, __global int *last)
{
    int i = get_global_id(0);
    data[i] = data[i + 1];
    *last = i;
}
