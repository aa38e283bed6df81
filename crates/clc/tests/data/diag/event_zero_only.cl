// Only a zero constant makes an event_t: clang-14 rejects lines 5, 6, 7 and 9 too.
__kernel void k(__global int *o)
{
    int z = 0;
    event_t a = 1;
    event_t b = (event_t)2;
    event_t c = z;
    event_t d = 0;
    d = 0;
}

/* EXPECTED
error: cannot convert `int` to `event_t` in initialization
  ┌─ event_zero_only.cl:5:17
  │
5 │     event_t a = 1;
  │                 ^ this has type `int`

error: cannot cast `int` to `event_t`
  ┌─ event_zero_only.cl:6:17
  │
6 │     event_t b = (event_t)2;
  │                 ^^^^^^^^^^

error: cannot convert `int` to `event_t` in initialization
  ┌─ event_zero_only.cl:7:17
  │
7 │     event_t c = z;
  │                 ^ this has type `int`

error: cannot convert `int` to `event_t` in assignment
  ┌─ event_zero_only.cl:9:5
  │
9 │     d = 0;
  │     ^^^^^ this has type `int`

*/
