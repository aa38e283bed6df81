// Work-item functions in three dimensions with -global 4,2,2 -local 2,1,2 (16 work-items,
// groups 2 x 2 x 1). Work-item (x, y, z) writes at x + 4 * (y + 2 * z):
//  gid = 100 x + 10 y + z; lid = 100 (x % 2) + 10 (y % 1) + (z % 2);
//  grp = 100 (x / 2) + 10 (y / 1) + (z / 2).
// Work-item (0,0,0) also writes info: get_work_dim() = 3, get_global_size(0..2) = 4,2,2,
// get_local_size(0..2) = 2,1,2, get_num_groups(0..2) = 2,2,1, and for the out-of-range
// dimension 3: get_global_size(3) = 1, get_global_id(3) = 0, get_local_size(3) = 1
// (OpenCL 1.2 section 6.12.1). Expected: reference/language.py.
// RUN: kauai oclc -execute -enqueue ids -print gid,16 -print lid,16 -print grp,16 -print info,13 -global 4,2,2 -local 2,1,2 %s
// CHECK: gid,0,100,200,300,10,110,210,310,1,101,201,301,11,111,211,311
// CHECK-NEXT: lid,0,100,0,100,0,100,0,100,1,101,1,101,1,101,1,101
// CHECK-NEXT: grp,0,0,100,100,10,10,110,110,0,0,100,100,10,10,110,110
// CHECK-NEXT: info,3,4,2,2,2,1,2,2,2,1,1,0,1

__kernel void ids(__global int *gid, __global int *lid, __global int *grp, __global int *info)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    int z = get_global_id(2);
    int at = x + get_global_size(0) * (y + get_global_size(1) * z);
    gid[at] = 100 * x + 10 * y + z;
    lid[at] = 100 * get_local_id(0) + 10 * get_local_id(1) + get_local_id(2);
    grp[at] = 100 * get_group_id(0) + 10 * get_group_id(1) + get_group_id(2);
    if (at == 0) {
        info[0] = get_work_dim();
        for (uint d = 0; d < 3; d++) {
            info[1 + d] = get_global_size(d);
            info[4 + d] = get_local_size(d);
            info[7 + d] = get_num_groups(d);
        }
        info[10] = get_global_size(3);
        info[11] = get_global_id(3);
        info[12] = get_local_size(3);
    }
}
