"""Expectations for suite/*.cl: kernels written as users write them (histogram, sorts,
FFT, spmv, LU, Needleman-Wunsch, Black-Scholes, Monte-Carlo, SHA-256, ...).

Run from this directory: python3 suite.py. Standard library only; prints one block per
test, `FILE: CHECK-line`. Random inputs (`randint` with `-seed`) are drawn by a model of
oclc's SplitMix64 source (crates/runtime/src/oclc/values.rs, `Rng`), one list after
another in kernel-argument order; each test also prints its input back so a model
mismatch shows as a failing CHECK, not as a wrong expectation. Float models round to
float32 after every operation (cref.f32); kernels say `#pragma OPENCL FP_CONTRACT OFF`.
"""
import hashlib
import math
import struct
from cref import wrap, f32, g7, g16, line


class Rng:
    """oclc's SplitMix64: randint(lo, hi) = lo + min(floor(span * unit), span - 1)."""

    def __init__(self, seed=5489):
        self.s = seed

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & (2**64 - 1)
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
        return z ^ (z >> 31)

    def randint(self, lo, hi):
        span = hi - lo + 1
        unit = (self.next() >> 11) / float(1 << 53)
        return lo + min(math.floor(span * unit), span - 1)

    def ints(self, n, lo, hi):
        return [self.randint(lo, hi) for _ in range(n)]


def show(test, text):
    print(f"{test}: {text}")


# histogram_uchar: 256 values randint(0,255), seed 11; bin = v >> 4
r = Rng(11)
data = r.ints(256, 0, 255)
show("histogram_uchar", line("hist", [sum(1 for v in data if v >> 4 == b) for b in range(16)]))
show("histogram_uchar", "CHECK-NEXT: " + line("data", data[:16]))

# bitonic_sort_local: 64 values randint(0,999), seed 3
r = Rng(3)
show("bitonic_sort_local", line("data", sorted(r.ints(64, 0, 999))))

# radix_sort_pass: 32 keys randint(0,255), seed 21 (each run draws from a fresh source)
for shift in (0, 6):
    keys = Rng(21).ints(32, 0, 255)
    dig = lambda k: (k >> shift) & 3
    show(f"radix_sort_pass_{shift}", line("out", sorted(keys, key=dig)))
    show(f"radix_sort_pass_{shift}", "CHECK-NEXT: " + line("counts", [sum(1 for k in keys if dig(k) == b) for b in range(4)]))


# fft_radix2_float2: the kernel's butterflies in float32
def fft8(xs):
    C = f32(0.70710678)
    tw = [(1.0, 0.0), (C, -C), (0.0, -1.0), (-C, -C)]
    rev = lambda i: ((i & 1) << 2) | (i & 2) | ((i >> 2) & 1)
    s = [None] * 8
    for i in range(8):
        s[rev(i)] = xs[i]
    half = 1
    while half < 8:
        for t in range(4):
            k = t % half
            i = (t // half) * 2 * half + k
            j = i + half
            w = tw[k * (4 // half)]
            b = s[j]
            v = (f32(f32(w[0] * b[0]) - f32(w[1] * b[1])), f32(f32(w[0] * b[1]) + f32(w[1] * b[0])))
            u = s[i]
            s[i] = (f32(u[0] + v[0]), f32(u[1] + v[1]))
            s[j] = (f32(u[0] - v[0]), f32(u[1] - v[1]))
        half *= 2
    # cross-check with a direct DFT in double
    err = 0.0
    for k in range(8):
        re = sum(x[0] * math.cos(2 * math.pi * k * n / 8) + x[1] * math.sin(2 * math.pi * k * n / 8) for n, x in enumerate(xs))
        im = sum(x[1] * math.cos(2 * math.pi * k * n / 8) - x[0] * math.sin(2 * math.pi * k * n / 8) for n, x in enumerate(xs))
        err = max(err, abs(re - s[k][0]), abs(im - s[k][1]))
    assert err < 1e-5, err
    return [g7(c) for z in s for c in z]

show("fft_ramp", line("out", fft8([(float(k), 0.0) for k in range(8)])))
mixed = [1, -1, 0.5, 2, -3, 0.25, 4, 1, 0, -2, 2.5, 0, -1, -1, 3, 0.75]
show("fft_mixed", line("out", fft8([(mixed[2 * k], mixed[2 * k + 1]) for k in range(8)])))

# lu_decomposition: L U = A for the hand factors in the test's comment
A = [[2, 1, 1, 0], [4, 3, 3, 1], [8, 7, 9, 5], [6, 7, 9, 8]]
L = [[1, 0, 0, 0], [2, 1, 0, 0], [4, 3, 1, 0], [3, 4, 1, 1]]
U = [[2, 1, 1, 0], [0, 1, 1, 1], [0, 0, 2, 2], [0, 0, 0, 2]]
assert all(sum(L[i][k] * U[k][j] for k in range(4)) == A[i][j] for i in range(4) for j in range(4))

# needleman_wunsch
a = [0, 1, 2, 3, 0, 1, 2, 3]; b = [0, 2, 2, 3, 1, 1, 0, 3]; pen = 1
S = [[0] * 9 for _ in range(9)]
for i in range(9):
    S[i][0] = -i * pen; S[0][i] = -i * pen
for i in range(1, 9):
    for j in range(1, 9):
        S[i][j] = max(S[i - 1][j - 1] + (1 if a[i - 1] == b[j - 1] else -1), S[i - 1][j] - pen, S[i][j - 1] - pen)
show("needleman_wunsch", line("score", [v for row in S for v in row]))


# black_scholes_double: the kernel's expressions in Python doubles
A1, A2, A3, A4, A5 = 0.31938153, -0.356563782, 1.781477937, -1.821255978, 1.330274429
RSQRT2PI = 0.39894228040143267793994605993438
def cnd(d):
    k = 1.0 / (1.0 + 0.2316419 * abs(d))
    c = RSQRT2PI * math.exp(-0.5 * d * d) * (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))))
    return 1.0 - c if d > 0 else c
calls, puts = [], []
for s, x, t in zip([30, 25, 40, 32.5, 20], [30, 30, 35, 35, 22], [1, 0.5, 2, 0.25, 1.5]):
    R, V = 0.02, 0.3
    sq = math.sqrt(t)
    d1 = (math.log(s / x) + (R + 0.5 * V * V) * t) / (V * sq)
    d2 = d1 - V * sq
    n1, n2 = cnd(d1), cnd(d2)
    e = math.exp(-R * t)
    calls.append(s * n1 - x * e * n2)
    puts.append(x * e * (1.0 - n2) - s * (1.0 - n1))
show("bs_call", ",".join("%.17g" % v for v in calls))
show("bs_put", ",".join("%.17g" % v for v in puts))

# monte_carlo_struct
def mc(seed, samples, scale, n):
    hits = []
    for g in range(n):
        s = (seed ^ (g * 2654435761)) & 0xFFFFFFFF
        h = 0
        for _ in range(samples):
            s = (s * 1664525 + 1013904223) & 0xFFFFFFFF; x = s >> 16
            s = (s * 1664525 + 1013904223) & 0xFFFFFFFF; y = s >> 16
            h += x * x + y * y < 1 << 32
        hits.append(h)
    return hits
hits = mc(12345, 64, 0.0625, 16)
show("monte_carlo", line("hits", hits))
show("monte_carlo", "CHECK-NEXT: " + line("est", [g7(0.0625 * h) for h in hits]))
show("monte_carlo", "CHECK-NEXT: " + line("total", [sum(hits)]))
assert abs(sum(hits) / 1024 * 4 - math.pi) < 0.2

# sha256_zero_length: 17 words per message: length, then big-endian words
msgs = [b"abc", b"The quick brown fox jumps over the lazy dog", b""]
words = []
for m in msgs:
    padded = m + bytes(-len(m) % 4)
    ws = [int.from_bytes(padded[i:i + 4], "big") for i in range(0, len(padded), 4)]
    words += [len(m)] + ws + [0] * (16 - len(ws))
show("sha_in", ",".join(map(str, words)))
dig = []
for m in msgs:
    d = hashlib.sha256(m).digest()
    dig += [int.from_bytes(d[i:i + 4], "big") for i in range(0, 32, 4)]
show("sha_out", line("digest", dig))


# md5_rounds: 17 words per message: length, then little-endian words
msgs = [b"", b"a", b"message digest", b"12345678901234567890123456789012345678901234567890123"]
words = []
for m in msgs:
    padded = m + bytes(-len(m) % 4)
    ws = [int.from_bytes(padded[i:i + 4], "little") for i in range(0, len(padded), 4)]
    words += [len(m)] + ws + [0] * (16 - len(ws))
show("md5_in", ",".join(map(str, words)))
dig = []
for m in msgs:
    d = hashlib.md5(m).digest()
    dig += [int.from_bytes(d[i:i + 4], "little") for i in range(0, 16, 4)]
show("md5_out", line("digest", dig))

# statement_expr_macros: 32 values randint(-50,50), seed 5
vals = Rng(5).ints(32, -50, 50)
rows = [vals[8 * g:8 * g + 8] for g in range(4)]
show("stmt_expr", line("rows", [v for r in rows for v in sorted(r)]))
show("stmt_expr", "CHECK-NEXT: " + line("sums", [sum(min(max(v, -20), 20) for v in r) for r in rows]))


# prefix_sum_blelloch: 64 values randint(0,9), seed 9; exclusive scan per block of 32
vals = Rng(9).ints(64, 0, 9)
out = []
for g in range(2):
    s = 0
    for v in vals[32 * g:32 * g + 32]:
        out.append(s); s += v
show("blelloch", line("out", out))
show("blelloch", "CHECK-NEXT: " + line("sums", [sum(vals[:32]), sum(vals[32:])]))

# transpose_tiled: in[r*12+c] = 100r + c (8 rows of 12); out[c*8+r] = in[r*12+c]
tin = [100 * r + c for r in range(8) for c in range(12)]
show("tr_in", ",".join(map(str, tin)))
show("tr_out", line("out", [tin[r * 12 + c] for c in range(12) for r in range(8)]))

# convolution_1d: exact (dyadic weights, small integers)
x = Rng(13).ints(24, -8, 8)
w = [1, 4, 6, 4, 1]
y = [sum(w[k + 2] * x[min(max(i + k, 0), 23)] for k in range(-2, 3)) / 16 for i in range(24)]
show("conv1d", line("y", [g7(v) for v in y]))


# sobel_2d: 10 x 6 image randint(0,255), seed 17
img = Rng(17).ints(60, 0, 255)
KX = [[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]]; KY = [[-1, -2, -1], [0, 0, 0], [1, 2, 1]]
edge = []
for y in range(6):
    for x in range(10):
        if x in (0, 9) or y in (0, 5):
            edge.append(0); continue
        gx = sum(KX[dy + 1][dx + 1] * img[(y + dy) * 10 + x + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1))
        gy = sum(KY[dy + 1][dx + 1] * img[(y + dy) * 10 + x + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1))
        edge.append(abs(gx) + abs(gy))
show("sobel", line("edge", edge))

# string_search
text = b"the cat sat on the mat; that hat? the cat's at that theatre then."
text = (text + b"." * 64)[:64]
show("ss_text", ",".join(map(str, text)))
found = [int(text[i:i + 2] == b"at") for i in range(64)]
show("ss_out", line("found", found))
show("ss_out", "CHECK-NEXT: " + line("count", [sum(found)]))
show("ss_out", "CHECK-NEXT: " + line("letter_a", [sum(1 for c in text if c | 0x20 == ord("a"))]))

# mandelbrot_fixed: Q12
counts = []
for y in range(8):
    for x in range(16):
        cr, ci = -8192 + 768 * x, -4096 + 1024 * y
        zr = zi = 0; it = 0
        while it < 32:
            zr2, zi2 = zr * zr, zi * zi
            if zr2 + zi2 > 4 << 24:
                break
            t = ((zr2 - zi2) >> 12) + cr
            zi = ((2 * zr * zi) >> 12) + ci
            zr = t; it += 1
        counts.append(it)
show("mandel", line("counts", counts))


# nbody_step: float4 (x, y, z, m), all float32 operations in the kernel's order
r = Rng(23)
bodies = []
for k in range(8):
    c = r.ints(3, -4, 4)
    bodies.append([float(c[0]), float(c[1]), float(c[2]), float(k + 1)])
show("nb_pos", ",".join(g7(v) for b in bodies for v in b))
dt, eps2 = 0.125, 0.25
newp, newv = [], []
for i in range(8):
    p = bodies[i]
    a = [0.0] * 4
    for q in bodies:  # tiles of 4, in order: the same sequence j = 0..7
        d = [f32(q[c] - p[c]) for c in range(3)] + [0.0]
        r2 = f32(f32(f32(f32(d[0] * d[0]) + f32(d[1] * d[1])) + f32(d[2] * d[2])) + eps2)
        inv = f32(1.0 / f32(math.sqrt(r2)))
        inv3 = f32(f32(inv * inv) * inv)
        s = f32(q[3] * inv3)
        a = [f32(a[c] + f32(d[c] * s)) for c in range(4)]
    v = [f32(0.0 + f32(a[c] * dt)) for c in range(3)] + [0.0]
    np_ = [f32(p[c] + f32(v[c] * dt)) for c in range(3)] + [p[3]]
    newp += np_; newv += v
show("nb_out", line("new_pos", [g7(v) for v in newp]))
show("nb_out", "CHECK-NEXT: " + line("new_vel", [g7(v) for v in newv]))

# blur_float: 12 x 8 pixels randint(0,255), seed 29
img = Rng(29).ints(96, 0, 255)
W, H = 12, 8
px = lambda x, y: img[min(max(y, 0), H - 1) * W + min(max(x, 0), W - 1)]
Gk = [[1, 2, 1], [2, 4, 2], [1, 2, 1]]
show("gauss", line("out", [g7(sum(Gk[dy + 1][dx + 1] * px(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)) / 16) for y in range(H) for x in range(W)]))
k9 = f32(0.11111111)
show("box", line("out", [g7(f32(sum(px(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)) * k9)) for y in range(H) for x in range(W)]))


# crc32_table: 8 records of 16 bytes, byte k = k
import zlib
show("crc32", line("crc", [zlib.crc32(bytes(range(16 * g, 16 * g + 16))) for g in range(8)]))

# base64_encode
import base64
src = b"OpenCL kernels, 2026"
assert len(src) == 20
show("b64_in", ",".join(map(str, src)))
show("b64_out", line("out", list(base64.b64encode(src))))

# floyd_warshall
INF = 1000
D = [[0 if i == j else INF for j in range(6)] for i in range(6)]
for a_, b_, w_ in [(0, 1, 7), (0, 2, 9), (0, 5, 14), (1, 2, 10), (1, 3, 15), (2, 3, 11), (2, 5, 2), (3, 4, 6), (4, 5, 9), (5, 4, 9), (4, 0, 3)]:
    D[a_][b_] = w_
show("fw_in", ",".join(str(v) for row in D for v in row))
for k in range(6):
    for i in range(6):
        for j in range(6):
            D[i][j] = min(D[i][j], D[i][k] + D[k][j])
show("fw_out", line("d", [v for row in D for v in row]))

# bfs_levels
from collections import deque
adj = [[] for _ in range(10)]
for a_, b_ in [(0, 1), (0, 2), (1, 3), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7), (2, 8)]:
    adj[a_].append(b_); adj[b_].append(a_)
start = [0]
for n_ in adj:
    start.append(start[-1] + len(n_))
show("bfs_start", ",".join(map(str, start)))
show("bfs_edges", ",".join(str(v) for n_ in adj for v in n_))
lev = [-1] * 10; lev[0] = 0; dq = deque([0])
while dq:
    u = dq.popleft()
    for v in adj[u]:
        if lev[v] < 0:
            lev[v] = lev[u] + 1; dq.append(v)
show("bfs_out", line("cost", lev))
# the kernel's loop runs one pass per level plus the pass that finds nothing new
show("bfs_out", "CHECK-NEXT: " + line("levels", [max(lev) + 1]))


# pathfinder_dp: 6 x 16 costs randint(0,9), seed 31
wall = Rng(31).ints(96, 0, 9)
prev = wall[:16]
for r_ in range(1, 6):
    prev = [wall[r_ * 16 + x] + min(prev[max(x - 1, 0)], prev[x], prev[min(x + 1, 15)]) for x in range(16)]
show("pathfinder", line("result", prev))

# kmeans_assign: 12 points in halves
pts = [(0.5, 1.0), (3.5, 4.5), (-2.5, 1.5), (2.0, 2.0), (-1.0, 0.5), (5.0, 3.0),
       (-4.0, 3.5), (1.5, -0.5), (2.5, 2.5), (-1.5, 1.0), (4.5, 5.5), (0.0, 3.0)]
cent = [(0, 0), (4, 4), (-3, 2)]
show("km_pts", ",".join(f"{g7(x)},{g7(y)},-1" for x, y in pts))
best = []
for x, y in pts:
    ds = [(x - cx) ** 2 + (y - cy) ** 2 for cx, cy in cent]
    best.append(ds.index(min(ds)))
show("km_out", line("pts", [f"{g7(x)},{g7(y)},{b}" for (x, y), b in zip(pts, best)]))
show("km_out", "CHECK-NEXT: " + line("members", [best.count(c) for c in range(3)]))

# grayscale_uchar4: 16 RGBA pixels, seed 37, bias -10
from cref import cdiv
px4 = Rng(37).ints(64, 0, 255)
out = []
for i in range(16):
    r_, g_, b_, a_ = px4[4 * i:4 * i + 4]
    y = (77 * r_ + 150 * g_ + 29 * b_ + 128) >> 8
    v = cdiv((y - 128) * 3, 2) + 128 - 10
    v = min(max(v, 0), 255)
    out += [v, v, v, a_]
show("gray", line("out", out))


# hotspot_stencil: temp randint(0,63) x 64 then power randint(0,3) x 64, one source, seed 41
from fractions import Fraction as Fr
r = Rng(41)
T = [Fr(v) for v in r.ints(64, 0, 63)]
P = [Fr(v) for v in r.ints(64, 0, 3)]
bufs = [T, [Fr(0)] * 64]
for s_ in range(2):
    src_, dst_ = bufs[s_ % 2], bufs[1 - s_ % 2]
    for y in range(8):
        for x in range(8):
            t = src_[y * 8 + x]
            nb = src_[max(y - 1, 0) * 8 + x] + src_[min(y + 1, 7) * 8 + x] + src_[y * 8 + min(x + 1, 7)] + src_[y * 8 + max(x - 1, 0)]
            v = t + Fr(1, 8) * (nb - 4 * t) + Fr(1, 4) * P[y * 8 + x]
            assert (v * 64).denominator == 1 and abs(v) < 1024
            dst_[y * 8 + x] = v
show("hotspot", line("temp", [g7(float(v)) for v in bufs[0]]))
show("hotspot", "CHECK-NEXT: " + line("tmp", [g7(float(v)) for v in bufs[1]]))

# hamming_popcount
hv = Rng(43).ints(16, 0, 4294967295)
fp = [(hv[2 * i] << 32) | hv[2 * i + 1] for i in range(8)]
show("hamming", line("dist", [bin(fp[i] ^ fp[j]).count("1") for i in range(8) for j in range(8)]))
show("hamming", "CHECK-NEXT: " + line("lead", [64 - (fp[i] ^ fp[j]).bit_length() for i in range(8) for j in range(8)]))

# matmul_float4: A 4 x 8 = -16..15, B[k][j] = (k - j) / 2
Am = list(range(-16, 16))
Bm = [(k - j) / 2 for k in range(8) for j in range(8)]
show("mm_b", ",".join(g7(v) for v in Bm))
show("mm_c", line("c", [g7(sum(Am[r_ * 8 + k] * Bm[k * 8 + j] for k in range(8))) for r_ in range(4) for j in range(8)]))


# binomial_option: float32 model of the kernel
def binom(S, X, u, pu, pd, steps=15):
    inv = 1.0
    for _ in range(steps):
        inv = f32(inv * u)
    v = []
    for i in range(steps + 1):
        s = f32(S / inv)
        for _ in range(2 * i):
            s = f32(s * u)
        v.append(max(f32(s - X), 0.0))
    for n in range(steps, 0, -1):
        v = [f32(f32(pu * v[i + 1]) + f32(pd * v[i])) for i in range(n)] + v[n:]
    return v[0]
show("binomial", line("price", [g7(binom(S, 100.0, 1.0625, 0.5, 0.46875)) for S in (100.0, 90.0, 110.0)]))

# xorshift_ulong
M64 = 2**64 - 1
def sm64(z):
    z = (z + 0x9E3779B97F4A7C15) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)
outs, ones = [], []
for g in range(8):
    s = sm64(((2654435769 << 32) | 12345) + g)
    n = 0
    for _ in range(8):
        s ^= s >> 12; s = (s ^ (s << 25)) & M64; s ^= s >> 27
        r_ = (s * 0x2545F4914F6CDD1D) & M64
        outs.append(r_ >> 32); n += r_ >> 63
    ones.append(n)
show("xorshift", line("out", outs))
show("xorshift", "CHECK-NEXT: " + line("ones", ones))


# candidate_generator: candidate g*7+3 as 4 base-20 digits over the charset
cs = b"abcdefghij0123456789"
cand = []
for g in range(16):
    n = g * 7 + 3
    d = []
    for _ in range(4):
        d.append(cs[n % 20]); n //= 20
    cand += d[::-1]
show("cand", line("out", cand))
show("cand", "CHECK-NEXT: " + line("info", [20, 6 + cs[10]]))

# xtea_cipher
M32 = 0xFFFFFFFF
key = [0x01234567, 0x89ABCDEF, 0xFEDCBA98, 0x76543210]
enc = []
for g in range(8):
    v0, v1, s = 2 * g, 2 * g + 1, 0
    for _ in range(32):
        v0 = (v0 + ((((v1 << 4) ^ (v1 >> 5)) + v1) ^ (s + key[s & 3]))) & M32
        s = (s + 0x9E3779B9) & M32
        v1 = (v1 + ((((v0 << 4) ^ (v0 >> 5)) + v0) ^ (s + key[(s >> 11) & 3]))) & M32
    enc += [v0, v1]
show("xtea", line("v", enc))
show("xtea", "CHECK-NEXT: " + line("back", list(range(16))))

# median_filter: 10 x 6 randint(0,255), seed 47
im = Rng(47).ints(60, 0, 255)
show("median", line("out", [sorted(im[min(max(y + dy, 0), 5) * 10 + min(max(x + dx, 0), 9)] for dy in (-1, 0, 1) for dx in (-1, 0, 1))[4] for y in range(6) for x in range(10)]))


# particles_struct: 4 particles (pos xyzw, vel xyzw, id, mass), quarters
parts = [([0.5, 1.0, 0.0, 0.0], [1.0, 2.0, 0.5, 0.0], 1, 2.0),
         ([-1.0, 0.25, 2.0, 0.0], [0.0, -1.0, 0.0, 0.0], 2, 0.5),
         ([3.0, 4.0, -2.0, 0.0], [-0.5, 0.0, 1.0, 0.0], 3, 1.5),
         ([0.0, 0.5, 0.0, 1.0], [2.0, -4.0, -1.0, 0.25], 4, 4.0)]
show("pt_in", ",".join(g7(v) for pos, vel, i, m in parts for v in pos + vel + [i, m]))
dt = 0.25
res, mom = [], []
for pos, vel, i, m in parts:
    vel = vel[:]; vel[1] = f32(vel[1] - f32(9.75 * dt))
    pos = [f32(pos[c] + f32(vel[c] * dt)) for c in range(4)]
    if pos[1] < 0:
        pos[1] = -pos[1]; vel[1] = f32(-vel[1] * 0.5)
    res += pos + vel + [i + 100, m]
    mom.append(f32(m * vel[1]))
show("pt_out", line("p", [g7(v) for v in res]))
show("pt_out", "CHECK-NEXT: " + line("momentum", [g7(v) for v in mom]))

# local_per_kernel_pipeline
tile = [i * 7 % 101 for i in range(3500)]
show("lpk_sum", line("out", [sum(tile[(l * 77 + j * 437) % 3500] for j in range(8)) for l in range(64)]))
show("lpk_max", line("out", [max(tile[l * 54:l * 54 + 54]) for l in range(64)]))
show("lpk_min", line("out", [min(tile[l * 54:l * 54 + 54]) + 1000 for l in range(64)]))


# async_copy_matmul
Am = list(range(-32, 32))
Bm = [(k * 3 + j * 5) % 7 - 3 for k in range(8) for j in range(8)]
show("am_b", ",".join(map(str, Bm)))
show("am_c", line("c", [sum(Am[r_ * 8 + k] * Bm[k * 8 + j] for k in range(8)) for r_ in range(8) for j in range(8)]))

# utf8_decode: 4 records of 16 bytes
recs = ["héllo wörld".encode(), "日本語テキスト".encode()[:15], "a€𝄞b".encode(), b"x\x80y"]
text = b"".join(r_ + bytes(16 - len(r_)) for r_ in recs)
show("u8_in", ",".join(map(str, text)))
cps, cnt = [], []
for r_ in recs:
    d = [ord(ch) for ch in r_.decode("utf-8", "replace")]
    cnt.append(len(d)); cps += d + [0] * (16 - len(d))
show("u8_out", line("cps", cps))
show("u8_out", "CHECK-NEXT: " + line("count", cnt))


# bytes_and_bits: 8 values randint(0,4294967295), seed 53
out = []
for x in Rng(53).ints(8, 0, 4294967295):
    bs = int.from_bytes(x.to_bytes(4, "little"), "big")
    rot = ((x << 13) | (x >> 19)) & M32
    sel = (x & ~0x0F0F0F0F | (~x & 0x0F0F0F0F)) & M32
    up = ((x & 0xFFFF) << 16) | (x >> 16)
    mh = (x * 0x9E3779B9) >> 32
    m24 = (x & 0xFFF) * 0x123 + 7
    out += [bs, bs, rot, sel, up, mh, m24]
show("bits", line("o", out))


# dot_double_local: x = k/4, y = 3 - k/8, exact rationals
xs = [Fr(k, 4) for k in range(64)]
ys = [3 - Fr(k, 8) for k in range(64)]
parts = [sum(xs[k] * ys[k] for k in range(16 * g, 16 * g + 16)) for g in range(4)]
assert all((p * 32).denominator == 1 for p in parts)
show("dotd_part", line("partial", [g16(float(p)) for p in parts]))
show("dotd_part_vals", ",".join(g16(float(p)) for p in parts))
show("dotd_total", line("total", [g16(float(sum(parts)))]))


# gaussian_elimination: forward elimination and back substitution in fractions
A = [[Fr(v) for v in row] for row in [[2, 1, 1, 0], [4, 3, 3, 1], [8, 7, 9, 5], [6, 7, 9, 8]]]
xsol = [1, -2, 3, -1]
bb = [sum(A[i][k] * xsol[k] for k in range(4)) for i in range(4)]
assert bb == [3, 6, 16, 11]
for t in range(3):
    for i in range(t + 1, 4):
        m_ = A[i][t] / A[t][t]
        for j in range(t, 4):
            A[i][j] -= m_ * A[t][j]
        bb[i] -= m_ * bb[t]
xs_ = [Fr(0)] * 4
for r_ in range(3, -1, -1):
    xs_[r_] = (bb[r_] - sum(A[r_][c] * xs_[c] for c in range(r_ + 1, 4))) / A[r_][r_]
assert xs_ == xsol
show("ge", line("x", [g7(float(v)) for v in xs_]))
show("ge", "CHECK-NEXT: " + line("b", [g7(float(v)) for v in bb]))

# vector_shuffles
tt, rr = [], []
for g in range(2):
    M = [[16 * g + 4 * r_ + c for c in range(4)] for r_ in range(4)]
    tt += [M[r_][c] for c in range(4) for r_ in range(4)]
    v = [8 * g + k for k in range(8)]
    lo, hi, ev, od = v[:4], v[4:], v[0::2], v[1::2]
    rr += [a_ + b_ for a_, b_ in zip(lo, hi)]
    rr += [a_ * b_ for a_, b_ in zip(ev, od)]
    rr += lo[::-1]
    rr += [h if l_ % 3 == 0 else l_ for l_, h in zip(lo, hi)]
    rr += [int(any(l_ > 8 * g + 1 for l_ in lo)), int(all(l_ > 8 * g + 1 for l_ in lo)),
           int(any(h > 8 * g + 3 for h in hi)), int(all(h > 8 * g + 3 for h in hi))]
show("vs", line("t", tt))
show("vs", "CHECK-NEXT: " + line("r", rr))


# argmin_local: 64 values randint(-1000,1000), seed 59, groups of 16
xv = Rng(59).ints(64, -1000, 1000)
mins, maxs = [], []
for w_ in range(4):
    seg = xv[16 * w_:16 * w_ + 16]
    lo_ = min(seg); hi_ = max(seg)
    mins += [lo_, 16 * w_ + seg.index(lo_)]
    maxs += [hi_, 16 * w_ + seg.index(hi_)]
show("argmin", line("mins", mins))
show("argmin", "CHECK-NEXT: " + line("maxs", maxs))

# integral_image: 8 x 8 randint(0,9), seed 61
im = Rng(61).ints(64, 0, 9)
S_ = [[sum(im[r_ * 8 + c] for r_ in range(y + 1) for c in range(x + 1)) for x in range(8)] for y in range(8)]
show("sat", line("table", [v for row in S_ for v in row]))
show("sat", "CHECK-NEXT: " + line("box", [sum(im[(y + dy) * 8 + x + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1)) for y in range(1, 7) for x in range(1, 7)]))


# stencil_3d: 6 x 6 x 6 randint(0,99), seed 67
g3 = Rng(67).ints(216, 0, 99)
I3 = lambda x, y, z: (z * 6 + y) * 6 + x
o3 = [0] * 216
for z in range(1, 5):
    for y in range(1, 5):
        for x in range(1, 5):
            o3[I3(x, y, z)] = -6 * g3[I3(x, y, z)] + g3[I3(x - 1, y, z)] + g3[I3(x + 1, y, z)] + g3[I3(x, y - 1, z)] + g3[I3(x, y + 1, z)] + g3[I3(x, y, z - 1)] + g3[I3(x, y, z + 1)]
        o3[I3(0, y, z)] = g3[I3(0, y, z)]
        o3[I3(5, y, z)] = g3[I3(5, y, z)]
show("st3", line("out", o3))

# word_count
wt = b"OpenCL C kernels, as users write them: many words; some short, a few long!"
wt = wt + b" " * (96 - len(wt))
show("wc_text", ",".join(map(str, wt)))
isl = lambda c: chr(c).isascii() and chr(c).isalpha()
st = [int(isl(wt[i]) and (i == 0 or not isl(wt[i - 1]))) for i in range(96)]
lens = [0] * 8
for i in range(96):
    if st[i]:
        L = 0
        while i + L < 96 and isl(wt[i + L]):
            L += 1
        lens[min(L, 8) - 1] += 1
show("wc", line("count", [sum(st)]))
show("wc", "CHECK-NEXT: " + line("starts", st))
show("wc", "CHECK-NEXT: " + line("lengths", lens))

# odd_even_sort: 32 keys randint(-300,300), seed 71
show("oes", line("keys", sorted(Rng(71).ints(32, -300, 300), reverse=True)))


# histogram256_uchar4: 512 bytes randint(0,255), seed 73
hb = Rng(73).ints(512, 0, 255)
show("h256", line("hist", [hb.count(b) for b in range(256)]))

# jacobi_1d: 8 sweeps, h^2 f = 2, u = 0 at the ends
u = [Fr(0)] * 34
for _ in range(8):
    u = [Fr(0)] + [(u[i - 1] + u[i + 1] + 2) / 2 for i in range(1, 33)] + [Fr(0)]
assert all((v * 128).denominator == 1 for v in u)
show("jac", line("u", [g7(float(v)) for v in u[1:33]]))


# triangle_normals: 6 triangles randint(-5,5), seed 79
tv = Rng(79).ints(54, -5, 5)
nrm, ar, bk = [], [], []
for g in range(6):
    a_, b_, c_ = tv[9 * g:9 * g + 3], tv[9 * g + 3:9 * g + 6], tv[9 * g + 6:9 * g + 9]
    e1 = [b_[i] - a_[i] for i in range(3)]; e2 = [c_[i] - a_[i] for i in range(3)]
    nn = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]]
    nrm += nn; ar.append(sum(v * v for v in nn)); bk.append(int(nn[2] < 0))
show("tn", line("n", [g7(float(v)) for v in nrm]))
show("tn", "CHECK-NEXT: " + line("area2", [g7(float(v)) for v in ar]))
show("tn", "CHECK-NEXT: " + line("back", bk))

# spmv_ell: row lists (column, value); 3 slots per row, column-major, -1 padding
rows_ = [[(0, 2), (3, -1)], [(1, 4), (7, 1), (2, 5)], [(6, -3)], [(0, 1), (4, 2), (5, 3)],
         [(2, -2), (3, 6)], [], [(7, 7)], [(1, -1), (6, 2), (0, 3)]]
ecols = [rows_[r_][k][0] if k < len(rows_[r_]) else -1 for k in range(3) for r_ in range(8)]
evals = [rows_[r_][k][1] if k < len(rows_[r_]) else 0 for k in range(3) for r_ in range(8)]
show("ell_cols", ",".join(map(str, ecols)))
show("ell_vals", ",".join(map(str, evals)))
show("ell_y", line("y", [sum(v * (c + 1) for c, v in row) for row in rows_]))


# lcs_wavefront
sa, sb = b"AGGTABQXYZWV", b"GXTXAYBWQZVA"
show("lcs_a", ",".join(map(str, sa)))
show("lcs_b", ",".join(map(str, sb)))
Tl = [[0] * 13 for _ in range(13)]
for i in range(1, 13):
    for j in range(1, 13):
        Tl[i][j] = Tl[i - 1][j - 1] + 1 if sa[i - 1] == sb[j - 1] else max(Tl[i - 1][j], Tl[i][j - 1])
show("lcs", line("last", Tl[12]))

# transpose_inplace
show("tri", line("m", [10 * c + r_ for r_ in range(10) for c in range(10)]))
