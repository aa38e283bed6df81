__kernel void vadd(__global const float *a, __global const float *b,
                   __global float *restrict c, const uint n)
{
    size_t i = get_global_id(0);
    if (i < n)
        c[i] = a[i] + b[i];
}

kernel void saxpy(global float *y, global const float *x, float alpha) {
    int gid = get_global_id(0);
    y[gid] = mad(alpha, x[gid], y[gid]);
}

/* EXPECTED
(function
  (specs kernel void)
  (vadd
    (fn
      (param (specs const global float) a (ptr))
      (param (specs const global float) b (ptr))
      (param (specs global float) c (ptr restrict))
      (param (specs const uint) n)))
  (block
    (decl (specs size_t) (i (= (call get_global_id 0))))
    (if (< i n) (expr (= (index c i) (+ (index a i) (index b i)))))))
(function
  (specs kernel void)
  (saxpy
    (fn
      (param (specs global float) y (ptr))
      (param (specs const global float) x (ptr))
      (param (specs float) alpha)))
  (block
    (decl (specs int) (gid (= (call get_global_id 0))))
    (expr (= (index y gid) (call mad alpha (index x gid) (index y gid))))))
--- diagnostics
*/
