"""Expectations (and input files) for algorithms/*.cl, by straightforward Python loops.

Run from this directory: python3 algorithms.py. It rewrites ../inputs/*.txt and prints
the CHECK lines. Float models round to float32 after every operation (cref.f32).
"""
import math
from cref import wrap, f32, g7, line

def save(name, vals, per_line=16):
    rows = [",".join(str(v) for v in vals[i:i + per_line]) for i in range(0, len(vals), per_line)]
    open(f"../inputs/{name}", "w").write("\n".join(rows) + "\n")

# saxpy: y = a*x + y, a = 2.5, x = 0..15, y = 1 -> 2.5i + 1 (exact in float32)
print("saxpy:", line("y", [g7(2.5 * i + 1) for i in range(16)]))

# matrix_add_2d: W=6, H=4; c = a + b with a = 0..23, b = 100 - 2k; id = x*100 + y
W, H = 6, 4
a = list(range(W * H)); b = [100 - 2 * k for k in range(W * H)]
print("madd:", line("c", [x + y for x, y in zip(a, b)]))
print("madd:", line("id", [(k % W) * 100 + k // W for k in range(W * H)]))

# reduce_local: 4 groups of 16, input 1..64: group sums 256g + 136
print("reduce:", line("sums", [sum(range(16 * g + 1, 16 * g + 17)) for g in range(4)]))

# scan: inclusive prefix sums per group of 16
v = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3, 3, 8, 3, 2, 7, 9, 5]
out = []
for g in range(2):
    s = 0
    for x in v[16 * g:16 * g + 16]:
        s += x
        out.append(s)
print("scan:", line("out", out))

# matmul 8x8: A[i][k] = (8i+k) % 7 - 3, B[k][j] = (8k+j) % 5 - 2 (small ints: exact in float)
N = 8
A = [(k % 7) - 3 for k in range(N * N)]
B = [(k % 5) - 2 for k in range(N * N)]
save("mat8_a.txt", A, 8); save("mat8_b.txt", B, 8)
C = [sum(A[i * N + k] * B[k * N + j] for k in range(N)) for i in range(N) for j in range(N)]
print("matmul:", line("c", [g7(x) for x in C]))

# transpose: W=8, H=4 input 0..31; out[x*H + y] = in[y*W + x]
W, H = 8, 4
print("transpose:", line("out", [y * W + x for x in range(W) for y in range(H)]))

# convolution 3x3 [1 2 1; 2 4 2; 1 2 1] over a 6x5 image, borders clamped
W, H = 6, 5
img = [(x * 7 + y * 13) % 10 for y in range(H) for x in range(W)]
save("conv_image.txt", img, W)
K = [1, 2, 1, 2, 4, 2, 1, 2, 1]
cl = lambda v, lo, hi: max(lo, min(hi, v))
out = []
for y in range(H):
    for x in range(W):
        s = 0
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                s += K[(dy + 1) * 3 + dx + 1] * img[cl(y + dy, 0, H - 1) * W + cl(x + dx, 0, W - 1)]
        out.append(s)
print("conv:", line("out", out))

# histogram: 128 values in 0..15, 16 bins
vals = [(i * i + 3 * i + 7) % 16 if i % 5 else (i // 5) % 16 for i in range(128)]
save("hist_values.txt", vals)
print("hist:", line("hist", [vals.count(b) for b in range(16)]))

# bitonic: sorted 32 values
bv = [17, -3, 42, 8, 8, 0, -50, 99, 23, 5, 5, 5, 61, -7, 12, 30,
      1, 2, 3, -1, -2, -3, 100, -100, 77, 64, 13, 31, 0, 19, 44, 6]
print("bitonic in:", ",".join(map(str, bv)))
print("bitonic:", line("data", sorted(bv)))

# md5-like hash
Kt = [int(abs(math.sin(i + 1)) * 2 ** 32) & 0xFFFFFFFF for i in range(16)]
S = [7, 12, 17, 22] * 4
M32 = 0xFFFFFFFF
rotl = lambda x, s: ((x << s) | (x >> (32 - s))) & M32
print("md5 K:", ",".join("0x%08x" % k for k in Kt))
seeds = [0, 1, 2, 3, 0xdeadbeef, 0x80000000, 12345, 0xffffffff]
hout = []
for seed in seeds:
    a, b, c, d = 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476
    for r in range(16):
        m = (seed * (r + 1) + r) & M32
        f = (b & c) | (~b & d) & M32
        t = d
        d = c
        c = b
        b = (b + rotl((a + f + Kt[r] + m) & M32, S[r])) & M32
        a = t
    hout += [a, b, c, d]
print("md5 seeds:", ",".join(map(str, seeds)))
print("md5:", line("h", hout))

# compaction: positive values of the bitonic input, in order
kept = [v for v in bv if v > 0]
print("compact:", line("out", kept + [0] * (32 - len(kept))), line("count", [len(kept)]))

# radix sort: stable sort of (key, index)
rk = [13, 200, 7, 7, 255, 0, 128, 64, 13, 99, 1, 254, 32, 32, 77, 150, 13, 200, 3, 3, 90, 45, 45, 8,
      16, 250, 250, 0, 128, 129, 127, 126, 5, 6, 7, 8, 9, 10, 11, 12, 100, 101, 102, 103, 104, 105,
      106, 107, 200, 201, 202, 203, 204, 205, 206, 207, 1, 1, 2, 2, 3, 3, 4, 4]
order = sorted(range(64), key=lambda i: rk[i])
print("radix:", line("keys", [rk[i] for i in order]))
print("radix:", line("idx", order))
