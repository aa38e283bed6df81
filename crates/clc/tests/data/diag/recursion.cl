int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }

int ping(int n);
int pong(int n) { return ping(n - 1); }
int ping(int n) { return n ? pong(n) : 0; }

int undefined_fn(int);

__kernel void k(__global int *out)
{
    out[0] = fact(3) + ping(2) + undefined_fn(1);
}

/* EXPECTED
error: function `undefined_fn` is declared but never defined
   ┌─ recursion.cl:11:34
   │
11 │     out[0] = fact(3) + ping(2) + undefined_fn(1);
   │                                  ^^^^^^^^^^^^^^^ no source of this program defines it

error: recursion is not allowed in OpenCL C
  ┌─ recursion.cl:1:43
  │
1 │ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
  │                                           ^^^^^^^^^^^ this call closes a cycle of calls

error: recursion is not allowed in OpenCL C
  ┌─ recursion.cl:4:26
  │
4 │ int pong(int n) { return ping(n - 1); }
  │                          ^^^^^^^^^^^ this call closes a cycle of calls

*/
