__kernel void k(__global long *g)
{
    atom_add(g, 5L);
}

/* EXPECTED
error: 64-bit atomics (atom_add) need the cl_khr_int64_base_atomics extension
  ┌─ atomics64.cl:3:5
  │
3 │     atom_add(g, 5L);
  │     ^^^^^^^^^^^^^^^ use atom_* on a device that has it

*/
