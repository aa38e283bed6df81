// Pasting inside nested arguments doubles a token's length per level: 2^40 bytes.
// The bytes made by ## are budgeted; one error at the use.
#define CAT(a, b) a##b
#define D(x) CAT(x, x)
__kernel void k(__global int *o)
{
    int D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(a)))))))))))))))))))))))))))))))))))))))) = 0;
    o[0] = 1;
}

/* EXPECTED
error: `#` and `##` make too much text (the limit MAX_MADE_TOKEN_BYTES is 67108864 bytes); macros are no longer expanded
  ┌─ macro_paste_doubling.cl:7:37
  │
7 │     int D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(a)))))))))))))))))))))))))))))))))))))))) = 0;
  │                                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ while expanding this

*/
