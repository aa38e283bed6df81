// OPTIONS: gpu32
// Constant offsets whose bytes do not fit a 32-bit ptrdiff_t: they would wrap the
// device's 32-bit addresses back into the buffer. Offsets that fit are fine, however
// the index is spelt.
__kernel void k(__global int *o, __global char *c)
{
    o[1 << 30] = 1;
    o[-(1 << 29) - 1] = 2;
    *(o + 0x40000000) = 3;
    *(o - 536870913) = 4;
    o[(1 << 29) - 1] = 5;
    c[0x7fffffff] = 6;
    o[-(1 << 29)] = 7;
}

/* EXPECTED
error: this pointer offset is 4294967296 bytes, beyond the 32-bit addresses of the device
  ┌─ pointer_offset_gpu32.cl:7:5
  │
7 │     o[1 << 30] = 1;
  │     ^^^^^^^^^^ offsets must fit `ptrdiff_t` (32 bits)

error: this pointer offset is -2147483652 bytes, beyond the 32-bit addresses of the device
  ┌─ pointer_offset_gpu32.cl:8:5
  │
8 │     o[-(1 << 29) - 1] = 2;
  │     ^^^^^^^^^^^^^^^^^ offsets must fit `ptrdiff_t` (32 bits)

error: this pointer offset is 4294967296 bytes, beyond the 32-bit addresses of the device
  ┌─ pointer_offset_gpu32.cl:9:7
  │
9 │     *(o + 0x40000000) = 3;
  │       ^^^^^^^^^^^^^^ offsets must fit `ptrdiff_t` (32 bits)

error: this pointer offset is -2147483652 bytes, beyond the 32-bit addresses of the device
   ┌─ pointer_offset_gpu32.cl:10:7
   │
10 │     *(o - 536870913) = 4;
   │       ^^^^^^^^^^^^^ offsets must fit `ptrdiff_t` (32 bits)

*/
