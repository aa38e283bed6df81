// A constant offset whose bytes overflow a 64-bit ptrdiff_t.
__kernel void k(__global long *o)
{
    o[0x1000000000000000L] = 1;
    o[0x0fffffffffffffffL] = 2;
}

/* EXPECTED
error: this pointer offset is 9223372036854775808 bytes, beyond the 64-bit addresses of the device
  ┌─ pointer_offset_64.cl:4:5
  │
4 │     o[0x1000000000000000L] = 1;
  │     ^^^^^^^^^^^^^^^^^^^^^^ offsets must fit `ptrdiff_t` (64 bits)

*/
