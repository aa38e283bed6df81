// printf of scalars: integers with flags, widths and length modifiers (char and short
// arguments promoted to int, then converted back by hh/h), floats (promoted to double),
// infinities and -0, `%%`; printf returns 0 on success. The expected text is glibc's
// printf of the same calls (reference/printf_reference.c, section basic.cl).
// RUN: kauai oclc -execute -enqueue basic -print r,1 -global 1 %s
// CHECK: int 42 -42     7|7    |-0007 +7  7
// CHECK-NEXT: hex ff FF 0xff 010 10
// CHECK-NEXT: small -3 -25536 200 ok
// CHECK-NEXT: long -9000000000 18000000000 deadbeefcafe
// CHECK-NEXT: float 1.500000 3.14 1.234568e+04 0.0001 1e+06 0x1p+0
// CHECK-NEXT: special inf -INF inf -0
// CHECK-NEXT: percent 100%
// CHECK-NEXT: r,0

kernel void basic(global int *r)
{
    char c = -3;
    short s = 40000 - 65536;
    uchar uc = 200;
    float f1 = 1.5f, f2 = 3.14159f, f3 = 12345.678f, f4 = 0.0001f, f5 = 1e6f, f6 = 1.0f;
    float inf = INFINITY, nzero = -0.0f;
    int ret = printf("int %d %i %5d|%-5d|%05d %+d % d\n", 42, -42, 7, 7, -7, 7, 7);
    ret |= printf("hex %x %X %#x %#o %o\n", 255u, 255u, 255u, 8u, 8u);
    ret |= printf("small %hhd %hd %hhu %c%c\n", c, s, uc, 'o', 'k');
    ret |= printf("long %ld %lu %lx\n", -9000000000L, 18000000000UL, 0xdeadbeefcafeUL);
    ret |= printf("float %f %.2f %e %g %g %a\n", f1, f2, f3, f4, f5, f6);
    ret |= printf("special %f %F %e %g\n", inf, -inf, inf, nzero);
    ret |= printf("percent 100%%\n");
    r[0] = ret;
}
