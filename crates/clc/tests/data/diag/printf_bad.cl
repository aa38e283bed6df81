// printf diagnostics point into the format string (escapes and concatenation included).
constant char fmt[] = "%d\n";
#define FMT "%d %y\n"
int helper(float x) { return printf("%d\n", x); }
kernel void k(global int *p, float f, int4 v, int i)
{
    printf(fmt, 1);
    printf();
    printf("%d %d\n", 1);
    printf("a\t%*d|%lld|%n|%hlx|%v4d|%v5hd\n", 1, 2, 3, 4, v, v);
    printf("x" "%q" "%5%\n");
    printf("%d %u\n", f, p);
    printf("%f %p\n", i, i);
    printf("%v4hld %v2hld %v2lf %v4hlf\n", f, v, v, v);
    printf("%s %s\n", "ok", p);
    printf("%d\n", "text");
    printf("%lc %v2hhs\n", 1, 2);
    printf(FMT, 1, 2);
}

/* EXPECTED
error: `%d` needs an `int`, the argument is `float`
  ┌─ printf_bad.cl:4:45
  │
4 │ int helper(float x) { return printf("%d\n", x); }
  │                                      --     ^ this argument
  │                                      │       
  │                                      for this conversion

error: the printf format must be a string literal
  ┌─ printf_bad.cl:7:12
  │
7 │     printf(fmt, 1);
  │            ^^^ not a string literal
  │
  = OpenCL C resolves printf formats at compile time

error: `printf` needs a format string
  ┌─ printf_bad.cl:8:5
  │
8 │     printf();
  │     ^^^^^^^^ expected `printf("format", ...)`

error: `%d` has no argument: the call passes too few
  ┌─ printf_bad.cl:9:16
  │
9 │     printf("%d %d\n", 1);
  │     -----------^^-------
  │     │          │
  │     │          this conversion
  │     in this call

error: a `*` field width is not supported by OpenCL C: write the width as a number
   ┌─ printf_bad.cl:10:17
   │
10 │     printf("a\t%*d|%lld|%n|%hlx|%v4d|%v5hd\n", 1, 2, 3, 4, v, v);
   │                 ^ in this conversion

error: the `ll` length modifier is not part of OpenCL C: `l` is 64 bits
   ┌─ printf_bad.cl:10:21
   │
10 │     printf("a\t%*d|%lld|%n|%hlx|%v4d|%v5hd\n", 1, 2, 3, 4, v, v);
   │                     ^^ in this conversion

error: `%n` is reserved in OpenCL C and not supported
   ┌─ printf_bad.cl:10:26
   │
10 │     printf("a\t%*d|%lld|%n|%hlx|%v4d|%v5hd\n", 1, 2, 3, 4, v, v);
   │                          ^ in this conversion

error: the `hl` length modifier may only be used with a vector specifier
   ┌─ printf_bad.cl:10:29
   │
10 │     printf("a\t%*d|%lld|%n|%hlx|%v4d|%v5hd\n", 1, 2, 3, 4, v, v);
   │                             ^^ in this conversion

error: a vector specifier needs a length modifier: `hh`, `h`, `hl` or `l`
   ┌─ printf_bad.cl:10:33
   │
10 │     printf("a\t%*d|%lld|%n|%hlx|%v4d|%v5hd\n", 1, 2, 3, 4, v, v);
   │                                 ^^^^ in this conversion

error: a vector specifier is `v2`, `v3`, `v4`, `v8` or `v16`
   ┌─ printf_bad.cl:10:39
   │
10 │     printf("a\t%*d|%lld|%n|%hlx|%v4d|%v5hd\n", 1, 2, 3, 4, v, v);
   │                                       ^^ in this conversion

error: unknown conversion `%q`
   ┌─ printf_bad.cl:11:18
   │
11 │     printf("x" "%q" "%5%\n");
   │                  ^ in this conversion

error: `%%` takes no flags, width, precision or modifiers
   ┌─ printf_bad.cl:11:22
   │
11 │     printf("x" "%q" "%5%\n");
   │                      ^^^ in this conversion

error: `%d` needs an `int`, the argument is `float`
   ┌─ printf_bad.cl:12:23
   │
12 │     printf("%d %u\n", f, p);
   │             --        ^ this argument
   │             │          
   │             for this conversion

error: `%u` needs a `uint`, the argument is `__global int*`
   ┌─ printf_bad.cl:12:26
   │
12 │     printf("%d %u\n", f, p);
   │                --        ^ this argument
   │                │          
   │                for this conversion

error: `%f` needs a `float` or `double`, the argument is `int`
   ┌─ printf_bad.cl:13:23
   │
13 │     printf("%f %p\n", i, i);
   │             --        ^ this argument
   │             │          
   │             for this conversion

error: `%p` needs a pointer, the argument is `int`
   ┌─ printf_bad.cl:13:26
   │
13 │     printf("%f %p\n", i, i);
   │                --        ^ this argument
   │                │          
   │                for this conversion

error: `%v4hld` needs an `int4`, the argument is `float`
   ┌─ printf_bad.cl:14:44
   │
14 │     printf("%v4hld %v2hld %v2lf %v4hlf\n", f, v, v, v);
   │             ------                         ^ this argument
   │             │                               
   │             for this conversion

error: `%v2hld` needs an `int2`, the argument is `int4`, a vector of 4
   ┌─ printf_bad.cl:14:47
   │
14 │     printf("%v4hld %v2hld %v2lf %v4hlf\n", f, v, v, v);
   │                    ------                     ^ this argument
   │                    │                           
   │                    for this conversion

error: `%v2lf` needs a `double2`, the argument is `int4`, a vector of 4
   ┌─ printf_bad.cl:14:50
   │
14 │     printf("%v4hld %v2hld %v2lf %v4hlf\n", f, v, v, v);
   │                           -----                  ^ this argument
   │                           │                       
   │                           for this conversion

error: `%v4hlf` needs a `float4`, the argument is `int4`
   ┌─ printf_bad.cl:14:53
   │
14 │     printf("%v4hld %v2hld %v2lf %v4hlf\n", f, v, v, v);
   │                                 ------              ^ this argument
   │                                 │                    
   │                                 for this conversion

error: `%s` needs a string argument
   ┌─ printf_bad.cl:15:29
   │
15 │     printf("%s %s\n", "ok", p);
   │                --           ^ this is `__global int*`
   │                │             
   │                for this conversion

error: `%d` needs an `int`, the argument is a string literal
   ┌─ printf_bad.cl:16:20
   │
16 │     printf("%d\n", "text");
   │             --     ^^^^^^ this argument
   │             │       
   │             for this conversion

error: the `l` length modifier cannot be used with `%c` in OpenCL C
   ┌─ printf_bad.cl:17:14
   │
17 │     printf("%lc %v2hhs\n", 1, 2);
   │              ^ in this conversion

error: a vector specifier cannot be used with `%s`
   ┌─ printf_bad.cl:17:17
   │
17 │     printf("%lc %v2hhs\n", 1, 2);
   │                 ^^^^^^ in this conversion

error: unknown conversion `%y`
   ┌─ printf_bad.cl:18:12
   │
18 │     printf(FMT, 1, 2);
   │            ^^^ in this conversion

*/
