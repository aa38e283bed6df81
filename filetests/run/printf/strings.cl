// `%s` with string literals (recorded at compile time), with width and precision; a
// printf inside a helper called twice; two work-items of one group, no barrier, so each
// prints all its lines before the next (reference/printf_reference.c, section
// strings.cl).
// RUN: kauai oclc -execute -enqueue strings -global 2 -local 2 %s
// CHECK: [kauai] [   kauai] [kauai   ] [kau] []
// CHECK-NEXT: say 0
// CHECK-NEXT: say 10
// CHECK-NEXT: [kauai] [   kauai] [kauai   ] [kau] []
// CHECK-NEXT: say 1
// CHECK-NEXT: say 11

void say(int x)
{
    printf("say %d\n", x);
}

kernel void strings(void)
{
    int i = get_global_id(0);
    printf("[%s] [%8s] [%-8s] [%.3s] [%s]\n", "kauai", "kauai", "kauai", "kauai", "");
    say(i);
    say(i + 10);
}
