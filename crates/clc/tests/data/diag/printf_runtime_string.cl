// `%s` with a pointer whose string is only known at run time: the printf table carries
// `%s` strings (kauai_ir::printf), so this is "not supported yet", located, instead of
// printing something wrong. A pointer to something other than char is a type error.
void say(__constant char *msg)
{
    printf("%s\n", msg);
}

__kernel void k(__global int *o)
{
    say("hello");
    printf("%s\n", o);
}

/* EXPECTED
error: not supported yet: `%s` with a string that is not known at compile time
  ┌─ printf_runtime_string.cl:6:20
  │
6 │     printf("%s\n", msg);
  │             --     ^^^ a pointer whose string is only known at run time
  │             │       
  │             for this conversion
  │
  = Kauai prints `%s` strings from its printf table: pass a string literal or a `__constant char` array

error: `%s` needs a string argument
   ┌─ printf_runtime_string.cl:12:20
   │
12 │     printf("%s\n", o);
   │             --     ^ this is `__global int*`
   │             │       
   │             for this conversion

*/
