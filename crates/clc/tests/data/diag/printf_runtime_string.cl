// `%s` with a pointer whose string is only known at run time: a `__constant char *` is
// passed and read at run time (no diagnostic for `say`); one into __global, __local or
// __private memory is "not supported yet", located, instead of printing something
// wrong. A pointer to something other than char is a type error.
void say(__constant char *msg)
{
    printf("%s\n", msg);
}

__kernel void k(__global int *o, __global char *g)
{
    __local char l[4];
    char p[4] = "abc";
    say("hello");
    printf("%s %s %s\n", g, l, p);
    printf("%s\n", o);
}

/* EXPECTED
error: not supported yet: `%s` with a string in __global memory
   ┌─ printf_runtime_string.cl:15:26
   │
15 │     printf("%s %s %s\n", g, l, p);
   │             --           ^ a pointer whose string is only known at run time
   │             │             
   │             for this conversion
   │
   = Kauai prints run-time `%s` strings from `__constant` memory only

error: not supported yet: `%s` with a string in __local memory
   ┌─ printf_runtime_string.cl:15:29
   │
15 │     printf("%s %s %s\n", g, l, p);
   │                --           ^ a pointer whose string is only known at run time
   │                │             
   │                for this conversion
   │
   = Kauai prints run-time `%s` strings from `__constant` memory only

error: not supported yet: `%s` with a string in __private memory
   ┌─ printf_runtime_string.cl:15:32
   │
15 │     printf("%s %s %s\n", g, l, p);
   │                   --           ^ a pointer whose string is only known at run time
   │                   │             
   │                   for this conversion
   │
   = Kauai prints run-time `%s` strings from `__constant` memory only

error: `%s` needs a string argument
   ┌─ printf_runtime_string.cl:16:20
   │
16 │     printf("%s\n", o);
   │             --     ^ this is `__global int*`
   │             │       
   │             for this conversion

*/
