__constant float table[4] = {1.0f, 2.0f, 3.0f, 4.0f};
constant int two = 2;

__kernel void k(__local float *scratch, local int *l2, __private int p,
                private float q, __generic int *g, generic int *g2,
                __read_only image2d_t in, write_only image2d_t out,
                read_write image2d_t rw, __write_only image2d_t w2) {
    __local float tile[16][16];
    local int count;
    __global int *__private gp;
    int *__global const pg;
}

/* EXPECTED
(decl (specs constant float) (table (array 4) (= (init-list 1.0f 2.0f 3.0f 4.0f))))
(decl (specs constant int) (two (= 2)))
(function
  (specs kernel void)
  (k
    (fn
      (param (specs local float) scratch (ptr))
      (param (specs local int) l2 (ptr))
      (param (specs private int) p)
      (param (specs private float) q)
      (param (specs generic int) g (ptr))
      (param (specs generic int) g2 (ptr))
      (param (specs read_only image2d_t) in)
      (param (specs write_only image2d_t) out)
      (param (specs read_write image2d_t) rw)
      (param (specs write_only image2d_t) w2)))
  (block
    (decl (specs local float) (tile (array 16) (array 16)))
    (decl (specs local int) (count))
    (decl (specs global int) (gp (ptr private)))
    (decl (specs int) (pg (ptr const global)))))
--- diagnostics
*/
