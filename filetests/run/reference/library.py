"""Expectations for builtins/library_specials.cl and builtins/lgamma_r.cl: remquo's
remainder and quotient bits from exact rationals (n = x / y rounded to nearest even,
r = x - n y exact, q = the low 7 bits of |n| with the sign of x / y), powr's special
values (OpenCL 1.2 section 7.5.1), 64-bit mad_sat with Python integers, 10^x with
the decimal module (60 digits) rounded to float32, and lgamma's sign from the sign of
Gamma (negative on (-1, 0), (-3, -2), ...)."""
import math
import struct
from decimal import Decimal, getcontext
from fractions import Fraction
from cref import f32, g7, line, round_frac_f32


def rne(q):
    fl = math.floor(q)
    d = q - fl
    if d > Fraction(1, 2) or (d == Fraction(1, 2) and fl % 2 == 1):
        return fl + 1
    return fl


def remquo(x, y):
    n = rne(Fraction(x) / Fraction(y))
    r = Fraction(x) - n * Fraction(y)
    q = abs(n) % 128
    if (x < 0) != (y < 0):
        q = -q
    return float(r), q


RX = ["7", "-7", "10.5", "1000", "-0.5", "1", "-2.5", "5", "1e6", "-123456.7"]
RY = ["2", "2", "3", "0.3", "2", "1e30", "3", "-2", "0.001", "0.37"]
rem, quo = [], []
for a, b in zip(RX, RY):
    r, q = remquo(f32(float(a)), f32(float(b)))
    rem.append(g7(r))
    quo.append(q)
print("remquo: -arg x," + ",".join(RX) + " -arg y," + ",".join(RY))
print("  " + line("rem", rem))
print("  " + line("quo", quo))

INF = float("inf")
# powr(x, y) pairs and the expected value (None: NaN).
P = [(7, 2, 49.0), (0, 0, None), (-0.0, 0, None), (INF, 0, None), (1, INF, None),
     (1, -INF, None), (-2, 2, None), (-0.0, 3, 0.0), (0, -1, INF), (-0.0, -1, INF),
     (INF, -1, 0.0), (0.5, INF, 0.0), (2, -INF, 0.0), (1, 5, 1.0), (4, 0.5, 2.0),
     (-INF, 2, None)]
fmt = lambda v: "-0" if v == 0 and math.copysign(1, v) < 0 else ("inf" if v == INF else ("-inf" if v == -INF else repr(float(v))))
# Inputs as float bits (oclc lists have no infinities).
bits = lambda v: str(struct.unpack("<I", struct.pack("<f", v))[0])
print("powr: -arg px," + ",".join(bits(p[0]) for p in P) + " -arg py," + ",".join(bits(p[1]) for p in P))
print("  " + line("pnan", [1 if v is None else 0 for _, _, v in P]))
print("  " + line("pval", [0 if v is None else g7(v) for _, _, v in P]))

# 64-bit mad_sat.
A = [3, 4000000000, -4000000000, 9007199254740991, 5, -1, 0, 7]
B = [4, 4000000000, 4000000000, 1024, 6, -1, 0, 7]
C = [5, -100, 100, 0, -40, -2, -1, -49]
sat = lambda v, lo, hi: max(lo, min(hi, v))
ms = [sat(a * b + c, -2**63, 2**63 - 1) for a, b, c in zip(A, B, C)]
mu = [sat((a % 2**64) * (b % 2**64) + (c % 2**64), 0, 2**64 - 1) for a, b, c in zip(A, B, C)]
# And from the kernel's own extremes: LONG_MIN * -1 + -1 = LONG_MAX (fits after the
# addition), LONG_MIN * 1 + -1 saturates, LONG_MAX * 2 + LONG_MIN = 2^63 - 2 fits,
# LONG_MAX * -1 + 5 = 6 - 2^63.
ext = [sat(-2**63 * -1 + -1, -2**63, 2**63 - 1), sat(-2**63 * 1 - 1, -2**63, 2**63 - 1),
       sat((2**63 - 1) * 2 - 2**63, -2**63, 2**63 - 1), sat((2**63 - 1) * -1 + 5, -2**63, 2**63 - 1)]
print("mad_sat: -arg a," + ",".join(map(str, A)) + " -arg b," + ",".join(map(str, B)) + " -arg c," + ",".join(map(str, C)))
print("  " + line("ms", ms + ext))
print("  " + line("mu", mu))

# exp10: x where libm's exp10f was 3.66 ulp off, and others.
getcontext().prec = 60
E = [-3.9357447624206543, 1.5, -7.25, 20.0, 0.3010299956639812]
ev = []
for x in E:
    x = f32(x)
    v = Decimal(10) ** Decimal(x)
    ev.append(repr(round_frac_f32(Fraction(v))))
print("exp10: -arg ex," + ",".join(repr(f32(x)) for x in E))
print("  -compare e10," + ",".join(ev))

# lgamma_r: values checked with math.lgamma (double, rounded to float32 and compared
# within 4 ulp by the test; OpenCL sets no limit for lgamma, and the inputs stay away
# from lgamma's zeros near -2.46 and -2.75, where libm's float lgamma is further off)
# and the sign.
G = [7, 10.5, 0.5, -0.5, -1.5, -2.25, 1, 2, 100, -3.25]
def gsign(x):
    if x > 0:
        return 1
    fl = math.floor(x)
    return -1 if fl % 2 else 1
print("lgamma_r: -arg gx," + ",".join(map(str, G)))
print("  -compare lg," + ",".join(repr(f32(math.lgamma(f32(x)))) for x in G))
print("  " + line("sg", [gsign(f32(x)) for x in G]))

# pow with large results, where y log2 x in float loses the exponent's low bits:
# 10^x and 2.5^y against the decimal module, compared within pow's 16 ulp.
PX = [2.5, 2.5, 2.5, 10.0, 0.3, 7.0]
PY = [34.03553009033203, -34.847164154052734, 20.5, 37.5, -60.25, 45.125]
print("pow_accuracy: -arg x," + ",".join(repr(f32(v)) for v in PX) + " -arg y," + ",".join(repr(f32(v)) for v in PY))
print("  -compare r," + ",".join(repr(round_frac_f32(Fraction(Decimal(f32(a)) ** Decimal(f32(b))))) for a, b in zip(PX, PY)))
