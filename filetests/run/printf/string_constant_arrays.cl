// `%s` with a non-literal `__constant char` string whose bytes are known when compiling:
// a program-scope array, a kernel-scope one, a zero-filled one (the empty string), next
// to a literal; glibc prints the same line for the same strings (by hand: each `%s`
// copies its string up to the NUL).
// RUN: kauai oclc -execute -enqueue names -global 1 %s
// CHECK: [kauai] [inside] [] [lit]

__constant char name[] = "kauai";
__constant char empty[4] = {0};

__kernel void names(void)
{
    __constant char inside[] = "inside";
    printf("[%s] [%s] [%s] [%s]\n", name, inside, empty, "lit");
}
