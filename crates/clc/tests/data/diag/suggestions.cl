__kernel void k(__global float *out, int count)
{
    out[get_globl_id(0)] = sqrtt(2.0f) + cont;
}

/* EXPECTED
error: call to undeclared function `get_globl_id`
  ┌─ suggestions.cl:3:9
  │
3 │     out[get_globl_id(0)] = sqrtt(2.0f) + cont;
  │         ^^^^^^^^^^^^^^^ not declared
  │
  = did you mean `get_global_id`? (OpenCL C has no implicit function declarations)

error: call to undeclared function `sqrtt`
  ┌─ suggestions.cl:3:28
  │
3 │     out[get_globl_id(0)] = sqrtt(2.0f) + cont;
  │                            ^^^^^^^^^^^ not declared
  │
  = did you mean `sqrt`? (OpenCL C has no implicit function declarations)

error: use of undeclared identifier `cont`
  ┌─ suggestions.cl:3:42
  │
3 │     out[get_globl_id(0)] = sqrtt(2.0f) + cont;
  │                                          ^^^^ not declared in this scope
  │
  = did you mean `count`?

*/
