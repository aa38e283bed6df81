// A __constant pointer's initializer must be an address constant in the pointer's
// address space, as clang-14 says: the address of a __private variable, or of a
// kernel's __local array (one per work-group), is not a compile-time constant; a
// __global pointer cannot hold the address of __constant data. A pointer in a packed
// struct, off its alignment, cannot hold an address yet (clang accepts it).
__constant char *__constant ok = "fine";
__global char *__constant wrong_space = "abc";
struct __attribute__((packed)) P { char c; __constant char *p; };
__constant struct P packed = {1, "x"};

__kernel void k(__global int *o)
{
    int x = 1;
    __local int buf[4];
    __private int *__constant p = &x;
    __local int *__constant q = buf;
    o[0] = *p + *q + ok[0] + wrong_space[0];
}

/* EXPECTED
error: initializing a `__global` pointer with the address of `__constant` data changes address space
  ┌─ constant_pointer_init.cl:7:41
  │
7 │ __global char *__constant wrong_space = "abc";
  │                                         ^^^^^

error: not supported yet: an address in a member that is not pointer-aligned
  ┌─ constant_pointer_init.cl:9:34
  │
9 │ __constant struct P packed = {1, "x"};
  │                                  ^^^ at byte 1, in a packed struct

error: initializer element is not a compile-time constant
   ┌─ constant_pointer_init.cl:15:35
   │
15 │     __private int *__constant p = &x;
   │                                   ^^ expected a constant expression

error: initializer element is not a compile-time constant
   ┌─ constant_pointer_init.cl:16:33
   │
16 │     __local int *__constant q = buf;
   │                                 ^^^ the address of a `__local` variable

*/
