"""Expectations for half/*.cl (cl_khr_fp16): half arithmetic, conversions and builtins
modelled exactly. Every finite half is enumerated (struct's 'e' format decodes half bits
exactly); an exact result (a Fraction) is rounded to the neighbouring halves by the mode
(rte: the nearer, ties to the even bit pattern; at or past 65520 to infinity), as
IEEE 754 says. Results are printed as half bits; NaN results as 0x7e00 (the kernels
print any NaN so)."""
import math
import struct
from bisect import bisect_right
from fractions import Fraction
from cref import line

HALVES = [(Fraction(struct.unpack("<e", struct.pack("<H", b))[0]), b) for b in range(0x7C00)]
VALS = [v for v, _ in HALVES]
INF, NAN, NEG = 0x7C00, 0x7E00, 0x8000


def val(b):
    """The exact value of half bits b (None for NaN, floats for infinities)."""
    if b & 0x7FFF > INF:
        return None
    if b & 0x7FFF == INF:
        return -math.inf if b & NEG else math.inf
    v = VALS[b & 0x7FFF]
    return -v if b & NEG else v


def round_half(q, mode="rte", neg_zero=False):
    """Bits of the exact value q (a Fraction) rounded to half in mode."""
    neg = q < 0 or (q == 0 and neg_zero)
    a = abs(q)
    i = bisect_right(VALS, a) - 1
    lo_v, lo_b = HALVES[i]
    if lo_v != a:
        hi_v, hi_b = HALVES[i + 1] if i + 1 < len(HALVES) else (Fraction(65536), INF)
        up = {"rte": None, "rtz": False, "rtp": not neg, "rtn": neg}[mode]
        if up is None:
            mid = (lo_v + hi_v) / 2
            up = a > mid or (a == mid and lo_b % 2 == 1)
        if up:
            lo_b = hi_b
    return lo_b | (NEG if neg else 0)


def sqrt_half(q):
    """Correctly rounded sqrt of a Fraction q >= 0 (compare squares with the midpoint)."""
    i = max(j for j in range(len(VALS)) if VALS[j] * VALS[j] <= q)
    if VALS[i] ** 2 == q or i + 1 == len(VALS):
        return HALVES[i][1]
    mid = (VALS[i] + VALS[i + 1]) / 2
    return HALVES[i + 1][1] if q > mid * mid or (q == mid * mid and i % 2) else HALVES[i][1]


def op(x, y, o):
    """x o y on half bits, IEEE special cases included."""
    a, b = val(x), val(y)
    if a is None or b is None:
        return NAN
    sx, sy = bool(x & NEG), bool(y & NEG)
    if isinstance(a, float) or isinstance(b, float):  # an infinity: as doubles
        fa, fb = float(a), float(b)
        r = fa + fb if o == "+" else fa - fb if o == "-" else fa * fb if o == "*" else (
            fa / fb if fb else math.copysign(math.inf, fa) * (-1 if sy else 1))
        if math.isnan(r):
            return NAN
        if math.isinf(r):
            return INF | (NEG if r < 0 else 0)
        return NEG if (sx != sy and o in "*/") else 0
    if o == "+":
        q = a + b
        return round_half(q, neg_zero=q == 0 and sx and sy)
    if o == "-":
        q = a - b
        return round_half(q, neg_zero=q == 0 and sx and not sy)
    if o == "*":
        return round_half(a * b, neg_zero=sx != sy)
    if b == 0:
        return NAN if a == 0 else INF | (NEG if sx != sy else 0)
    return round_half(a / b, neg_zero=sx != sy)


def h(x):
    """Bits of a double x rounded to half (rte)."""
    if math.isinf(x):
        return INF | (NEG if x < 0 else 0)
    return round_half(Fraction(x), neg_zero=math.copysign(1, x) < 0)


# ---- half/arith.cl: + - * / sqrt and the comparisons on pairs of half bits.
A = [0x3C00, 0x3C01, 0x7BFF, 0x7BFF, 0x0001, 0x0003, 0x0400, 0x8000, 0x0000, 0x3C00,
     0x3C00, 0x4000, 0xBC00, 0x4000, 0xBC00, 0x7C00, 0x3555, 0x2E66]
B = [0x1000, 0x1000, 0x4C00, 0x4800, 0x3800, 0x3800, 0x0001, 0x8000, 0x8000, 0x3C00,
     0x4200, 0x4200, 0x0000, 0x3DA8, 0x7E00, 0x7C00, 0x4200, 0x2E66]
r = []
for x, y in zip(A, B):
    a, b = val(x), val(y)
    sq = NAN if a is None or a < 0 else (INF if a == math.inf else (x & NEG) | sqrt_half(abs(a)))
    if a is None or b is None:
        cmp = 8  # unordered: only != holds
    else:
        cmp = (a < b) + 2 * (a == b) + 4 * (a > b) + 8 * (a != b)
    r += [op(x, y, "+"), op(x, y, "-"), op(x, y, "*"), op(x, y, "/"), sq, cmp]
print("half/arith.cl: -arg a," + ",".join(map(str, A)) + " -arg b," + ",".join(map(str, B)))
print("  " + line("r", r))

# ---- half/convert.cl
F_IN = ["1", "1.00048828125", "1.00146484375", "-1.00048828125", "0.1", "-0.1",
        "65504", "65519", "65520", "70000", "-70000", "3e-05", "2.98023223876953125e-08",
        "4.5e-08", "-1e-08", "-0.0"]
f32 = lambda s: struct.unpack("<f", struct.pack("<f", float(s)))[0]
MODES = ["rte", "rte", "rtz", "rtp", "rtn", "rte"]  # convert_half, _rte, _rtz, _rtp, _rtn, implicit


def to_half(x, mode):
    if math.isinf(x):
        return INF | (NEG if x < 0 else 0)
    return round_half(Fraction(x), mode, neg_zero=math.copysign(1, x) < 0)


fh = [to_half(f32(s), m) for s in F_IN for m in MODES]
print("half/convert.cl: -arg f," + ",".join(F_IN))
print("  " + line("fh", fh))
I_IN = [2049, 2051, 4097, 4098, -4098, 65519, 65520, -70000, 3, 0]
ih = [to_half(float(i), m) for i in I_IN for m in ["rte", "rtz", "rtp", "rtn"]]
print("  -arg i," + ",".join(map(str, I_IN)))
print("  " + line("ih", ih))
D_IN = [1 + 2**-11 + 2**-40, 1 + 2**-30, -1 - 2**-30, 1e300, -3.0e-5 - 2**-60]
dh = [to_half(x, m) for x in D_IN for m in ["rte", "rtz", "rtp", "rtn"]]
print("  -arg d," + ",".join(repr(x) for x in D_IN))
print("  " + line("dh", dh))
# Half to integers: half bits in, each rounding mode, then saturating conversions.
H_IN = [0x4100, 0xC100, 0x3800, 0xB800, 0x3E00, 0x7BFF, 0xFBFF, 0x4380, 0x8000, 0x7C00,
        0x7E00]


def rnd(q, mode):
    fl = math.floor(q)
    if mode == "rtz":
        return int(fl) if q >= 0 else -int(math.floor(-q))
    if mode == "rtp":
        return int(math.ceil(q))
    if mode == "rtn":
        return int(fl)
    d = q - fl
    return int(fl + (1 if d > Fraction(1, 2) or (d == Fraction(1, 2) and fl % 2) else 0))


def sat(v, lo, hi):
    return max(lo, min(hi, v))


hi_out = []
for b in H_IN:
    q = val(b)
    if isinstance(q, Fraction):
        hi_out += [rnd(q, m) for m in ["rte", "rtz", "rtp", "rtn"]]
        hi_out += [sat(rnd(q, "rtz"), -32768, 32767), sat(rnd(q, "rtp"), 0, 255)]
    else:  # infinities and NaN: only the saturating conversions are defined
        hi_out += [0, 0, 0, 0]
        s = 0 if q is None else (32767 if q > 0 else -32768)
        u = 0 if q is None else (255 if q > 0 else 0)
        hi_out += [s, u]
print("  -arg hb," + ",".join(map(str, H_IN)))
print("  " + line("hi", hi_out))

# ---- half/math.cl: builtins at points where the exact result is known (or rounds
# once from a double nowhere near a half midpoint).
M = [
    h(2.0),                       # sqrt(4)
    h(math.sqrt(2)),              # sqrt(2): 1.41421356..., far from a midpoint
    round_half(Fraction(1023, 1024) * Fraction(1025, 2048) + 1025),  # fma: 1025.4995..
    h(0.5), h(1.0), h(2.0**-24), h(16.0), h(3.0), h(0.0), h(1024.0),   # rsqrt exp exp2 exp2 log2 log pow
    h(27.0), h(3.0), h(-2.0), h(2.5), h(-3.0), h(-2.0), h(2.0), h(3.0), h(-2.0),  # pown rootn cbrt fabs floor ceil rint round trunc
    h(2.0), h(3.0), h(-2.0),      # fmin fmax copysign
    0x3C01, 0x8001, INF, 0x8000,  # nextafter: 1 up, 0 down, 65504 up, -2^-24 up
    0x3BFF, h(-1.0), h(0.75), h(2.0), h(-0.75), h(-2.0), h(0.75),  # fract x2, modf, frexp
    0x0001, INF, 0x0001,          # ldexp(1,-24), ldexp(1,16), ldexp(3,-26) = 0.75 * 2^-24
    h(5.0), h(0.0), h(1.0), h(math.pi), h(0.0), h(1.0),  # logb(48) sin cos atan2(0,-1) sincos
    h(2.0), h(4.0), h(0.0), h(0.5), h(-1.0), h(3.0), h(2.0), h(5.0),  # mix clamp step smoothstep sign max min hypot
    h(30.0), h(5.0), h(500.0), h(5.0), h(0.0), h(1.0), h(0.0), h(0.0), h(1.0), h(5.0),  # dot length x2 distance normalize cross fast_length
]
print("half/math.cl:")
print("  " + line("m", M))
