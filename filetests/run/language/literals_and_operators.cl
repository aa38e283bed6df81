// Literals, declarators and operators that kernels rely on:
//  lit: 0x1F = 31, 017 = 15 (octal), 1u << 31 = 2147483648 as uint, 1UL << 40,
//       1.5e3f = 1500, 0x1p-2f = 0.25 (hex float), 'A' = 65, '\n' = 10, '\x41' = 65,
//       sizeof(int4) / sizeof(int) = 4, an enum constant used as an array size (3)
//  ops: pre/post increment (i++ yields the old value, ++i the new), compound assignment
//       on a vector and on its lanes (v *= 2; v.x += 1; v.w -= v.y), x ? : forms,
//       a comma expression, multiple declarators int a = 1, *p = &a, b[2] = { 3, 4 },
//       and a function declared before the kernel and defined after it.
// Values by hand: each is noted next to its statement in the kernel.
// RUN: kauai oclc -execute -enqueue ops -arg z,0 -print lit,11 -print ops,12 -print f,2 -global 1 %s
// CHECK: lit,31,15,2147483648,1099511627776,1500,0,65,10,65,4,3
// CHECK-NEXT: ops,5,6,7,7,3,8,6,2,9,5,15,42
// CHECK-NEXT: f,1500,0.25

enum { SLOTS = 3 };

int twice(int x);

__kernel void ops(__global const int *z, __global long *lit, __global int *ops,
                  __global float *f)
{
    int zero = z[0];
    int table[SLOTS];
    lit[0] = 0x1F + zero;                       /* 31 */
    lit[1] = 017 + zero;                        /* 15 */
    lit[2] = (1u + zero) << 31;                 /* 2147483648 */
    lit[3] = (1UL + zero) << 40;                /* 1099511627776 */
    lit[4] = (long)(1.5e3f + zero);             /* 1500 */
    lit[5] = (long)(0x1p-2f + zero);            /* 0: 0.25 truncated; see f[1] */
    lit[6] = 'A' + zero;                        /* 65 */
    lit[7] = '\n' + zero;                       /* 10 */
    lit[8] = '\x41' + zero;                     /* 65 */
    lit[9] = sizeof(int4) / sizeof(int);        /* 4 */
    lit[10] = sizeof(table) / sizeof(table[0]); /* 3 */
    f[0] = 1.5e3f + zero;
    f[1] = 0x1p-2f + zero;

    int i = 5 + zero;
    ops[0] = i++;                               /* 5, i = 6 */
    ops[1] = i;                                 /* 6 */
    ops[2] = ++i;                               /* 7 */
    ops[3] = i;                                 /* 7 */
    int4 v = (int4)(1, 2, 3, 4) + zero;
    v *= 2;                                     /* 2, 4, 6, 8 */
    v.x += 1;                                   /* 3 */
    v.w -= v.y;                                 /* 8 - 4 = 4 */
    ops[4] = v.x;                               /* 3 */
    ops[5] = v.x + v.y + v.w - 3;               /* 3 + 4 + 4 - 3 = 8 */
    ops[6] = v.z;                               /* 6 */
    int a = 1 + zero, *p = &a, b[2] = { 3, 4 };
    *p += 1;
    ops[7] = a;                                 /* 2 */
    ops[8] = (a = 7, a + 2);                    /* 9 */
    ops[9] = b[0] + (b[1] > 3 ? 2 : 0);         /* 5 */
    ops[10] = twice(7) + 1;                     /* 15 */
    int k = zero;
    for (int j = 0, m = 10; j < m; j++, m--)
        k += j * 2 + m - m;                     /* j = 0..4: 2 * (0+1+2+3+4) = 20 */
    ops[11] = k + 22;                           /* 42 */
}

int twice(int x)
{
    return 2 * x;
}
