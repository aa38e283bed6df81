// OPTIONS: -Werror
// `__constant` alone does not make an object `const` for the qualifier check: a row of
// a `__constant char` table converts to `__constant char *` silently, as in clang-14
// (writes to it are refused by address space); a written `const` is discarded with a
// warning, as clang warns (an error here under -Werror: the one diagnostic).
__constant char plain[2][3] = {"ab", "cd"};
const __constant char written[3] = "ef";

__kernel void k(__global char *o, int i)
{
    __constant char *a = plain[i];
    __constant char *b = written;
    o[0] = a[0] + b[0];
}

/* EXPECTED
error: conversion from `__constant const char*` to `__constant char*` in initialization discards qualifiers
   ┌─ constant_qualifiers.cl:12:26
   │
12 │     __constant char *b = written;
   │                          ^^^^^^^

*/
