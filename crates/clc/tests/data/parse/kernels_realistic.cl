// Kernels in the style the corpus will use; parsed only (no preprocessing here).
typedef struct { float re, im; } complex_t;

__kernel void reduce_sum(__global const float *in, __global float *out,
                         __local float *scratch, uint n) {
    uint lid = get_local_id(0);
    uint gid = get_global_id(0);
    scratch[lid] = gid < n ? in[gid] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) out[get_group_id(0)] = scratch[0];
}

#define TILE 16
__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1)))
void matmul_tiled(__global const float *A, __global const float *B, __global float *C, int N) {
    __local float As[16][16];
    __local float Bs[16][16];
    int row = get_global_id(1), col = get_global_id(0);
    int lr = get_local_id(1), lc = get_local_id(0);
    float acc = 0.0f;
    for (int t = 0; t < N / 16; ++t) {
        As[lr][lc] = A[row * N + t * 16 + lc];
        Bs[lr][lc] = B[(t * 16 + lr) * N + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        #pragma unroll
        for (int k = 0; k < TILE; k++) acc = mad(As[lr][k], Bs[k][lc], acc);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * N + col] = acc;
}

__kernel void histogram(__global const uchar *data, __global uint *bins, uint n) {
    __local uint local_bins[256];
    for (uint i = get_local_id(0); i < 256; i += get_local_size(0)) local_bins[i] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&local_bins[data[i]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = get_local_id(0); i < 256; i += get_local_size(0))
        atomic_add(&bins[i], local_bins[i]);
}

static inline uint rotl(uint x, uint r) { return (x << r) | (x >> (32u - r)); }

__kernel void hash(__global const uint4 *in, __global uint *out) {
    size_t i = get_global_id(0);
    uint4 v = in[i];
    uint h = 0x67452301u;
    h = rotl(h + (v.x ^ v.y) + 0xd76aa478u, 7) + v.z;
    h ^= rotl(h, 12) + (uint)v.w;
    out[i] = h;
}

__kernel void mandelbrot(__global uchar *out, int w, int h, int max_iter) {
    int x = get_global_id(0), y = get_global_id(1);
    float2 c = (float2)((float)x / w * 3.5f - 2.5f, (float)y / h * 2.0f - 1.0f);
    float2 z = (float2)(0.0f);
    int it = 0;
    while (dot(z, z) < 4.0f && it < max_iter) {
        z = (float2)(z.x * z.x - z.y * z.y, 2.0f * z.x * z.y) + c;
        ++it;
    }
    out[y * w + x] = (uchar)(255 * it / max_iter);
}

__kernel void bitonic_step(__global int *a, uint j, uint k) {
    uint i = get_global_id(0), ixj = i ^ j;
    if (ixj > i) {
        int ai = a[i], b = a[ixj];
        bool up = (i & k) == 0;
        if ((up && ai > b) || (!up && ai < b)) { a[i] = b; a[ixj] = ai; }
    }
}

int classify(int v) {
    switch (v & 3) {
    case 0: return 10;
    case 1:
    case 2: v *= 2; /* fall through */
    default: break;
    }
    if (v < 0) goto negative;
    return v;
negative:
    return -v;
}

/* EXPECTED
(decl (specs typedef (struct _ (fields (field (specs float) (re) (im))))) (complex_t))
(function
  (specs kernel void)
  (reduce_sum
    (fn
      (param (specs const global float) in (ptr))
      (param (specs global float) out (ptr))
      (param (specs local float) scratch (ptr))
      (param (specs uint) n)))
  (block
    (decl (specs uint) (lid (= (call get_local_id 0))))
    (decl (specs uint) (gid (= (call get_global_id 0))))
    (expr (= (index scratch lid) (?: (< gid n) (index in gid) 0.0f)))
    (expr (call barrier CLK_LOCAL_MEM_FENCE))
    (for
      (decl (specs uint) (s (= (/ (call get_local_size 0) 2))))
      (> s 0)
      (>>= s 1)
      (block
        (if (< lid s) (expr (+= (index scratch lid) (index scratch (+ lid s)))))
        (expr (call barrier CLK_LOCAL_MEM_FENCE))))
    (if (== lid 0) (expr (= (index out (call get_group_id 0)) (index scratch 0))))))
(function
  (specs kernel void (attr reqd_work_group_size 16 16 1))
  (matmul_tiled
    (fn
      (param (specs const global float) A (ptr))
      (param (specs const global float) B (ptr))
      (param (specs global float) C (ptr))
      (param (specs int) N)))
  (block
    (decl (specs local float) (As (array 16) (array 16)))
    (decl (specs local float) (Bs (array 16) (array 16)))
    (decl (specs int) (row (= (call get_global_id 1))) (col (= (call get_global_id 0))))
    (decl (specs int) (lr (= (call get_local_id 1))) (lc (= (call get_local_id 0))))
    (decl (specs float) (acc (= 0.0f)))
    (for
      (decl (specs int) (t (= 0)))
      (< t (/ N 16))
      (pre++ t)
      (block
        (expr (= (index (index As lr) lc) (index A (+ (+ (* row N) (* t 16)) lc))))
        (expr (= (index (index Bs lr) lc) (index B (+ (* (+ (* t 16) lr) N) col))))
        (expr (call barrier CLK_LOCAL_MEM_FENCE))
        (for
          (decl (specs int) (k (= 0)))
          (< k 16)
          (post++ k)
          (expr (= acc (call mad (index (index As lr) k) (index (index Bs k) lc) acc))))
        (expr (call barrier CLK_LOCAL_MEM_FENCE))))
    (expr (= (index C (+ (* row N) col)) acc))))
(function
  (specs kernel void)
  (histogram
    (fn
      (param (specs const global uchar) data (ptr))
      (param (specs global uint) bins (ptr))
      (param (specs uint) n)))
  (block
    (decl (specs local uint) (local_bins (array 256)))
    (for
      (decl (specs uint) (i (= (call get_local_id 0))))
      (< i 256)
      (+= i (call get_local_size 0))
      (expr (= (index local_bins i) 0)))
    (expr (call barrier CLK_LOCAL_MEM_FENCE))
    (for
      (decl (specs uint) (i (= (call get_global_id 0))))
      (< i n)
      (+= i (call get_global_size 0))
      (expr (call atomic_inc (& (index local_bins (index data i))))))
    (expr (call barrier CLK_LOCAL_MEM_FENCE))
    (for
      (decl (specs uint) (i (= (call get_local_id 0))))
      (< i 256)
      (+= i (call get_local_size 0))
      (expr (call atomic_add (& (index bins i)) (index local_bins i))))))
(function
  (specs static inline uint)
  (rotl (fn (param (specs uint) x) (param (specs uint) r)))
  (block (return (| (<< x r) (>> x (- (int 32 u) r))))))
(function
  (specs kernel void)
  (hash
    (fn
      (param (specs const global uint4) in (ptr))
      (param (specs global uint) out (ptr))))
  (block
    (decl (specs size_t) (i (= (call get_global_id 0))))
    (decl (specs uint4) (v (= (index in i))))
    (decl (specs uint) (h (= (int 1732584193 hex u))))
    (expr
      (= h
        (+ (call rotl (+ (+ h (^ (. v x) (. v y))) (int 3614090360 hex u)) 7) (. v z))))
    (expr (^= h (+ (call rotl h 12) (cast (type (specs uint)) (. v w)))))
    (expr (= (index out i) h))))
(function
  (specs kernel void)
  (mandelbrot
    (fn
      (param (specs global uchar) out (ptr))
      (param (specs int) w)
      (param (specs int) h)
      (param (specs int) max_iter)))
  (block
    (decl (specs int) (x (= (call get_global_id 0))) (y (= (call get_global_id 1))))
    (decl
      (specs float2)
      (c
        (=
          (vector-literal
            (type (specs float2))
            (- (* (/ (cast (type (specs float)) x) w) 3.5f) 2.5f)
            (- (* (/ (cast (type (specs float)) y) h) 2.0f) 1.0f)))))
    (decl (specs float2) (z (= (vector-literal (type (specs float2)) 0.0f))))
    (decl (specs int) (it (= 0)))
    (while
      (&& (< (call dot z z) 4.0f) (< it max_iter))
      (block
        (expr
          (= z
            (+
              (vector-literal
                (type (specs float2))
                (- (* (. z x) (. z x)) (* (. z y) (. z y)))
                (* (* 2.0f (. z x)) (. z y)))
              c)))
        (expr (pre++ it))))
    (expr
      (= (index out (+ (* y w) x)) (cast (type (specs uchar)) (/ (* 255 it) max_iter))))))
(function
  (specs kernel void)
  (bitonic_step
    (fn
      (param (specs global int) a (ptr))
      (param (specs uint) j)
      (param (specs uint) k)))
  (block
    (decl (specs uint) (i (= (call get_global_id 0))) (ixj (= (^ i j))))
    (if
      (> ixj i)
      (block
        (decl (specs int) (ai (= (index a i))) (b (= (index a ixj))))
        (decl (specs bool) (up (= (== (& i k) 0))))
        (if
          (|| (&& up (> ai b)) (&& (! up) (< ai b)))
          (block (expr (= (index a i) b)) (expr (= (index a ixj) ai))))))))
(function
  (specs int)
  (classify (fn (param (specs int) v)))
  (block
    (switch
      (& v 3)
      (block (case 0 (return 10)) (case 1 (case 2 (expr (*= v 2)))) (default break)))
    (if (< v 0) (goto negative))
    (return v)
    (label negative (return (- v)))))
--- diagnostics
*/
