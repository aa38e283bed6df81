"""Expectations for builtins/*.cl, from the OpenCL 1.2 definitions of each builtin
(section 6.12), modelled on Python integers and struct-rounded float32."""
import math
import struct
from fractions import Fraction
from cref import wrap, cdiv, cmod, f32, f32_bits, bits_f32, f64_bits, fma32, g7, line

I32 = lambda v: wrap(v, 32, True)
U32 = lambda v: wrap(v, 32, False)

# ---- convert_sat_round
def rnd(x, mode):
    x = Fraction(x)
    fl = math.floor(x)
    if mode == "rtz":
        return math.trunc(x)
    if mode == "rtn":
        return fl
    if mode == "rtp":
        return math.ceil(x)
    # rte
    d = x - fl
    if d > Fraction(1, 2) or (d == Fraction(1, 2) and fl % 2 == 1):
        return fl + 1
    return fl

A = [2.5, -2.5, 3.7, -3.7, 0.5, -0.5, 1.5, -1.49]
A = [f32(x) for x in A]
modes = []
for x in A:
    modes += [rnd(x, "rte"), rnd(x, "rtz"), rnd(x, "rtn"), rnd(x, "rtp"), rnd(x, "rtz")]
print("conv:", line("modes", modes))

def sat(v, lo, hi):
    return max(lo, min(hi, v))
nan = float("nan")
B = [1e10, -1e10, 2147483520.0, 2147483648.0, nan, -2147483648.0, 300.7, -5.5]
sat_i, sat_u8, sat_rte = [], [], []
for x in B:
    if x != x:
        sat_i.append(0); sat_u8.append(0); sat_rte.append(0); continue
    x = f32(x)
    sat_i.append(sat(rnd(x, "rtz"), -2**31, 2**31 - 1))
    sat_u8.append(sat(rnd(x, "rtz"), 0, 255))
    sat_rte.append(sat(rnd(x, "rte"), -2**31, 2**31 - 1))
print("conv:", line("sat", sat_i + sat_rte))
print("conv:", line("u8", sat_u8))

C = [-5, 0, 255, 256, 1000, -1000]
ints = []
for v in C:
    ints += [sat(v, 0, 255), sat(v, -128, 127), sat(v, -32768, 32767) if v else 0]
print("conv:", line("narrow", [sat(v, 0, 255) for v in C] + [sat(v, -128, 127) for v in C]
                    + [sat(v * 100, -32768, 32767) for v in C] + [sat(v, 0, 2**32 - 1) for v in C]))

def to_f32_mode(n, mode):
    # integer n to float32 with rounding mode, n within 2^25
    if abs(n) < 2**24:
        return n
    step = 2 if abs(n) < 2**25 else 4
    lo = (n // step) * step
    if lo == n:
        return n
    hi = lo + step
    if mode == "rtz":
        return lo if n > 0 else hi
    if mode == "rtn":
        return lo
    if mode == "rtp":
        return hi
    mid = Fraction(lo + hi, 2)
    if n < mid: return lo
    if n > mid: return hi
    return lo if (lo // step) % 2 == 0 else hi
D = [16777217, -16777217, 16777219, 33554435]
fl = []
for n in D:
    fl += [to_f32_mode(n, m) for m in ("rte", "rtz", "rtn", "rtp")]
print("conv:", line("fl", fl))
v4 = [-1.5, 2.5, 254.5, 255.5]
print("conv:", line("u4", [sat(rnd(x, "rte"), 0, 255) for x in v4]))

# ---- as_type
fin = [1.0, -1.0, 0.1, -0.0]
print("as:", line("ai", [I32(f32_bits(f32(x))) for x in fin]))
print("as:", line("au", [f32_bits(f32(x)) for x in fin]))
iin = [0x40490fdb, 0x7f800000, 0x01020304, I32(0xff800000)]
print("as: iin", ",".join(map(str, iin)))
print("as:", line("af", [g7(bits_f32(U32(v))) for v in iin]))
print("as:", line("ac", [wrap(U32(iin[2]) >> (8 * k), 8, True) for k in range(4)]
                  + [U32(iin[3]) >> (8 * k) & 0xff for k in range(4)]))
print("as:", line("as2", [0x5678, 0x1234]))
print("as:", line("al", [f64_bits(1.0), I32(f64_bits(-2.0) & 0xffffffff), I32(f64_bits(-2.0) >> 32)]))

# ---- integer builtins
X = [0, 1, -1, 2147483647, -2147483648, 0x00F0F0F0, 12345, -777]
Y = [5, 31, 1, 1, -1, 40, -12345, 3]
def clz(u):
    return 32 - u.bit_length()
def rotl(x, n):
    u = U32(x); n &= 31
    return I32((u << n) | (u >> (32 - n))) if n else I32(u)
s, u = [], []
for x, y in zip(X, Y):
    a24, b24 = int(math.fmod(x, 4096)), int(math.fmod(y, 4096))
    s += [rotl(x, y), (x * y) >> 32, sat(x + y, -2**31, 2**31 - 1), sat(x - y, -2**31, 2**31 - 1),
          (x + y) >> 1, (x + y + 1) >> 1, a24 * b24 + 7, sat(x, -100, 100), min(x, y),
          max(x, y), sat(x * y + 1000, -2**31, 2**31 - 1)]
    u += [clz(U32(x)), bin(U32(x)).count("1"), abs(x), abs(x - y), (U32(x) * U32(y)) >> 32]
print("intb:", line("s", s))
print("intb:", line("u", u))

# ---- math builtins
MX = [0.5, 1.0, 2.0, 3.14159274, 10.0, 0.1]
MY = [3.0, -2.0, 0.25, 1.0, 0.5, 7.0]
MZ = [1.0, 0.5, -0.125, 2.0, -3.0, 0.0]
ex = []
for x, y, z in zip(MX, MY, MZ):
    x, y, z = f32(x), f32(y), f32(z)
    ex += [fma32(x, y, z), abs(x), math.floor(x * 3), math.ceil(x * 3), min(x, y), max(x, y)]
print("math:", line("ex", [g7(v) for v in ex]))
ap = []
for x in MX:
    x = f32(x)
    ap += [f32(math.sqrt(x)), f32(1 / math.sqrt(x)), f32(math.exp(x)), f32(math.log(x)),
           f32(math.sin(x)), f32(math.cos(x))]
print("math: ap list", ",".join(repr(v) for v in ap))
pw = [f32(math.pow(f32(x), 1.5)) for x in MX] + [f32(math.pow(2.0, -3.0)), f32(math.pow(f32(10.0), 3.0))]
print("math: pow list", ",".join(repr(v) for v in pw))

# ---- relational: scalar 1/0, vector -1/0
FLT_MIN = 2.0 ** -126
xs = [0.0, -0.0, math.inf, -math.inf, math.nan, 1.5, -2.0, FLT_MIN]
sc = []
for x in xs:
    sb = int(math.copysign(1, x) < 0) if x == x else 0
    sc += [int(x != x), int(math.isinf(x)), int(math.isfinite(x)), sb]
print("relational:", line("sc", sc))
print("relational:", line("vn", [-1 if x != x else 0 for x in xs] + [-sc[4 * i + 3] for i in range(8)]))
print("relational:", line("normal", [int(math.isfinite(x) and abs(x) >= FLT_MIN) for x in xs]))

# ---- integer builtins on other widths (see builtins/integer_widths.cl)
def rot(v, s, bits):
    s %= bits
    m = (1 << bits) - 1
    return ((v << s) | (v >> (bits - s))) & m if s else v
w = [rot(0x81, 1, 8), rot(0x8001, 4, 16), rot(0x8000000000000001, 1, 64),
     7, 15, 63, 64, 64,
     min(255, 200 + 100), min(127, 100 + 100), max(-128, -100 - 100), max(0, 5 - 10), min(65535, 65000 + 1000),
     0x1234, wrap(0xFFFF0000, 32, True), (1 << 32) + 2,
     -3000, (255 + 255) >> 1, (254 + 255 + 1) >> 1, 128, 240,
     (2 ** 40 * 2 ** 40) >> 64, (-(2 ** 40) * 2 ** 40) >> 64, ((0x80000000 * 4) >> 32) + 5,
     max(0, min(200, 250)), min(2 ** 53, 7), max(2 ** 53, 7)]
print("widths:", line("w", w))

# ---- double math (builtins/double_math.cl)
DX = [2.0, 0.1, 10.0, 1e-3]
ex = []
for x in DX:
    ex += [math.sqrt(x), float(Fraction(x) * Fraction(x) + Fraction(-1)), math.floor(x * 3), math.ceil(x * 3), abs(-x)]
print("double math:", line("ex", ["%.16g" % v for v in ex]))
ap = []
for x in DX:
    ap += [math.exp(x), math.log(x), math.sin(x), math.cos(x), math.pow(x, 0.5 + x)]
print("double math ap:", ",".join(repr(v) for v in ap))

# ---- common builtins (builtins/common_builtins.cl)
def smooth(e0, e1, x):
    t = min(1.0, max(0.0, (x - e0) / (e1 - e0)))
    return t * t * (3 - 2 * t)
cm = [1 + (3 - 1) * 0.25, 0.0 if 0.25 < 0.5 else 1.0, 0.0 if 0.5 < 0.5 else 1.0,
      smooth(0, 1, 0.5), smooth(0, 2, 3), smooth(0, 4, 1), -1.0, 0.0, -0.0, 1.0, 2.0, -1.0]
print("common:", line("cm", [g7(v) for v in cm]))
print("common dr:", ",".join(repr(f32(v)) for v in [f32(math.pi) * 180 / math.pi, 180 * math.pi / 180, 90 * math.pi / 180]))

# ---- 64-bit conversions (builtins/convert_64.cl)
def dbl_mode(n, mode):
    # integer n (|n| < 2^54) to double with a rounding mode
    if abs(n) <= 2 ** 53:
        return n
    lo = n // 2 * 2
    if lo == n:
        return n
    hi = lo + 2
    if mode == "rtz":
        return lo if n > 0 else hi
    if mode == "rtn":
        return lo
    if mode == "rtp":
        return hi
    return lo if (lo // 2) % 2 == 0 else hi
N = 2 ** 53 + 1
dm = [dbl_mode(v, m) for v in (N, -N) for m in ("rte", "rtz", "rtn", "rtp")]
print("conv64:", line("dm", ["%.16g" % float(v) for v in dm]))
F19 = f32(1e19)
lm = [2 ** 63 - 1, -2 ** 63, 0, -1, int(F19), -1, -2]
print("conv64:", line("lm", lm[:4] + [lm[5], lm[6]]), "ulong:", int(F19))
print("conv64:", line("c4", [127, -128, 5, -5]))
def f32_rtz(x):
    y = f32(x)
    if abs(y) > abs(x):
        # step toward zero by one ulp
        b = f32_bits(y)
        y = bits_f32(b - 1)
    return y
# rtz never rounds a finite value up to inf: 1e40 -> FLT_MAX
print("conv64:", line("fl", [g7(f32(0.1)), "inf", g7(3.4028234663852886e38), g7(f32_rtz(0.1)), g7(f32(0.1)),
                              g7(f32(18446744073709551615)), g7(f32(4294967295))]))
print("conv64:", line("dd", ["%.16g" % (1.5 * 0.1), "%.16g" % f32(f32(1.5) * f32(0.1)), "%.16g" % float(2 ** 64)]))

# ---- 64-bit extremes (builtins/integer_64_extremes.cl): results as unsigned 64-bit
LMAX, LMIN, UMAX = 2 ** 63 - 1, -2 ** 63, 2 ** 64 - 1
U64 = lambda v: wrap(v, 64, False)
e = [(LMAX + LMAX) >> 1, (UMAX + UMAX + 1) >> 1, (LMIN + LMIN) >> 1,
     (UMAX * UMAX) >> 64, (LMIN * LMIN) >> 64, (LMIN * LMAX) >> 64,
     LMAX, LMIN, UMAX, 0, LMAX - LMIN,
     2 ** 63, 2 ** 63,
     UMAX // 10, UMAX % 10, cdiv(-9, 4), cmod(-9, 4),
     32, 31, 0, 16, 1, 1]
print("int64:", line("e", [U64(v) for v in e]))

# ---- local atomics (builtins/local_atomics.cl): per group of 32
la = []
for g in range(2):
    gids = [32 * g + l for l in range(32)]
    la += [32, sum(gids), min(1000, min((x * 3) % 17 for x in gids)),
           max(0, max((x * 5) % 23 for x in gids)), 100 - 32, 1, 2 ** 32 - 1, 1]
print("latomics:", line("out", la))
