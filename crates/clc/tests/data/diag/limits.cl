__constant int huge[1L << 40] = {1};

__kernel void k(__global int *o)
{
    int a[1L << 60] = {[1L << 59] = 1};
    o[0] = huge[0] + a[0];
}

/* EXPECTED
error: a __constant variable of 4398046511104 bytes is too large
  ┌─ limits.cl:1:33
  │
1 │ __constant int huge[1L << 40] = {1};
  │                                 ^^^ the limit MAX_CONSTANT_BYTES is 67108864 bytes

*/
