/* Expected output of the run-tests in ../printf/, printed by the C library's printf.
 *
 *   gcc -O1 -o /tmp/printf_reference printf_reference.c && /tmp/printf_reference
 *
 * Each section repeats the kernel's printf calls in C, in the order OpenCL work-items
 * print on the host and kauai devices: work-groups in linear order (x fastest), and in a
 * group every work-item (local linear order) up to a barrier, then every one after it.
 * Scalar float arguments are `float` variables, promoted to double exactly as OpenCL
 * promotes them. C has no vectors: a `%vN` conversion prints each element with the same
 * specification minus `vN` (and minus `hl`, C's default size), joined by `,`, which is
 * what OpenCL C 6.12.13 defines. The output was pasted into the tests' CHECK lines. */
#include <math.h>
#include <stdio.h>

/* Print n elements with one C specification, joined by commas. */
#define VEC(spec, n, arr)                                                                  \
    for (int k_ = 0; k_ < (n); k_++) {                                                    \
        if (k_) putchar(',');                                                              \
        printf(spec, arr[k_]);                                                             \
    }

static void basic(void) {
    puts("== basic.cl");
    signed char c = -3;
    short s = 40000 - 65536;
    unsigned char uc = 200;
    float f1 = 1.5f, f2 = 3.14159f, f3 = 12345.678f, f4 = 0.0001f, f5 = 1e6f, f6 = 1.0f;
    float inf = INFINITY, nzero = -0.0f;
    printf("int %d %i %5d|%-5d|%05d %+d % d\n", 42, -42, 7, 7, -7, 7, 7);
    printf("hex %x %X %#x %#o %o\n", 255u, 255u, 255u, 8u, 8u);
    printf("small %hhd %hd %hhu %c%c\n", c, s, uc, 'o', 'k');
    printf("long %ld %lu %lx\n", -9000000000L, 18000000000UL, 0xdeadbeefcafeUL);
    printf("float %f %.2f %e %g %g %a\n", f1, f2, f3, f4, f5, f6);
    printf("special %f %F %e %g\n", inf, -inf, inf, nzero);
    printf("percent 100%%\n");
}

static void order(void) {
    puts("== order.cl: global 8, local 4");
    for (int g = 0; g < 2; g++) {
        for (int l = 0; l < 4; l++) printf("group %d item %d before\n", g, l);
        for (int l = 0; l < 4; l++) printf("group %d item %d after\n", g, l);
    }
    puts("== order.cl: global 4,2, local 2,1");
    for (int gy = 0; gy < 2; gy++)
        for (int gx = 0; gx < 2; gx++)
            for (int lx = 0; lx < 2; lx++)
                printf("(%d,%d) in group (%d,%d)\n", gx * 2 + lx, gy, gx, gy);
}

static void vectors(void) {
    puts("== vectors.cl");
    float f[4] = {1.0f, 2.5f, -3.25f, 1e-3f};
    int i[2] = {-1, 7};
    unsigned char u[4] = {0xfa, 0xfb, 0, 1};
    long l[2] = {600000000000L, -600000000000L};
    short s[3] = {-2, 0, 300};
    double d[2] = {0.1, -1e100};
    printf("f4 "); VEC("%f", 4, f); putchar('|'); VEC("%2.2f", 4, f); putchar('|');
    VEC("%e", 4, f); putchar('\n');
    printf("i2 "); VEC("%d", 2, i); putchar(' '); VEC("%+i", 2, i); putchar(' ');
    VEC("%#x", 2, i); putchar('\n');
    printf("u4 "); VEC("%#hhx", 4, u); putchar(' '); VEC("%hhu", 4, u); putchar('\n');
    printf("l2 "); VEC("%+ld", 2, l); putchar(' '); VEC("%lx", 2, l); putchar('\n');
    printf("s3 "); VEC("%hd", 3, s); putchar(' '); VEC("%5hd", 3, s); putchar('\n');
    printf("d2 "); VEC("%g", 2, d); putchar(' '); VEC("%.3e", 2, d); putchar('\n');
}

static void strings(void) {
    puts("== strings.cl: global 2, local 2");
    for (int i = 0; i < 2; i++) {
        printf("[%s] [%8s] [%-8s] [%.3s] [%s]\n", "kauai", "kauai", "kauai", "kauai", "");
        printf("say %d\n", i);
        printf("say %d\n", i + 10);
    }
}

int main(void) {
    basic();
    order();
    vectors();
    strings();
    return 0;
}
