"""Independent models of OpenCL C arithmetic, used to compute run-test expectations.

Nothing here calls Kauai. Integers follow C: operands narrower than int are promoted to
int, the result is converted back by wrapping (two's complement), division truncates
toward zero. Floats: `f32` rounds a Python double to the nearest float32 (round to
nearest even, via struct); one +, -, *, / or sqrt on float32 inputs computed in double
and rounded once is the correctly rounded float32 result (53 >= 2*24+2 bits).
"""
import struct
from fractions import Fraction

INT_TYPES = {
    "char": (8, True), "uchar": (8, False), "short": (16, True), "ushort": (16, False),
    "int": (32, True), "uint": (32, False), "long": (64, True), "ulong": (64, False),
}


def wrap(v, bits, signed):
    v &= (1 << bits) - 1
    if signed and v >> (bits - 1):
        v -= 1 << bits
    return v


def cdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def cmod(a, b):
    return a - cdiv(a, b) * b


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def bits_f32(u):
    return struct.unpack("<f", struct.pack("<I", u & 0xFFFFFFFF))[0]


def f64_bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def fma32(a, b, c):
    """Exact a*b+c rounded once to float32."""
    return round_frac_f32(Fraction(a) * Fraction(b) + Fraction(c))


def round_frac_f32(q):
    # float(Fraction) rounds correctly to double; double -> float32 could double-round,
    # so round the exact value directly by scaling.
    if q == 0:
        return 0.0
    sign = -1 if q < 0 else 1
    q = abs(q)
    e = 0
    while q >= 2:
        q /= 2
        e += 1
    while q < 1:
        q *= 2
        e -= 1
    # q in [1,2): 23 fraction bits (normal range only; tests stay there)
    m = q * (1 << 23)
    fl = m.numerator // m.denominator
    rem = m - fl
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl % 2 == 1):
        fl += 1
    return sign * float(Fraction(fl, 1 << 23) * (Fraction(2) ** e))


def g7(x):
    """oclc's float print: C %.7g of the float32 value."""
    return fmt_g(f32(x), 7)


def g16(x):
    return fmt_g(x, 16)


def fmt_g(x, p):
    if x != x:
        return "nan"
    if x in (float("inf"), float("-inf")):
        return "inf" if x > 0 else "-inf"
    if x == 0:
        return "-0" if struct.pack("<d", x)[7] & 0x80 else "0"
    return "%.*g" % (p, x)


def line(name, vals):
    return name + "," + ",".join(str(v) for v in vals)
