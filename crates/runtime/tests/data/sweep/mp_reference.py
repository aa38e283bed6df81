#!/usr/bin/env python3
"""The double references of tests/it/math_sweep.rs, from mpmath at 128 bits.

Reads lines `name a b c n` (a, b, c: IEEE double bits in hex; n: an int) and answers
each with `hi lo` (bits in hex): hi the nearest double to the exact result (inf past
the range, NaN where it is undefined), lo the nearest double to the rest. Special values
(zeros, infinities, NaN) follow OpenCL 1.2 7.5.1, i.e. C99 Annex F, written out here;
the exact functions (ceil, fmod, frexp, ...) are computed exactly with Python's
integers and fractions. Needs python3-mpmath.
"""
import math
import struct
import sys
from fractions import Fraction
from multiprocessing import Pool

import mpmath
from mpmath import mp, mpf

mp.prec = 128
NAN = float("nan")
INF = float("inf")


def d(bits):
    return struct.unpack("<d", struct.pack("<Q", int(bits, 16)))[0]


def hexbits(x):
    return "%x" % struct.unpack("<Q", struct.pack("<d", x))[0]


def fin(*xs):
    return all(math.isfinite(x) for x in xs)


def real(v):
    if isinstance(v, mpmath.mpc):
        return mpf(NAN) if v.imag != 0 else v.real
    return v


def sign(x):
    return -1.0 if math.copysign(1.0, x) < 0 else 1.0


def unary(f, x, zero=None, pinf=None, ninf=None):
    """f over the finite non-zero doubles, with the special values given."""
    if math.isnan(x):
        return NAN
    if x == 0 and zero is not None:
        return zero(x) if callable(zero) else zero
    if x == INF:
        return pinf
    if x == -INF:
        return ninf
    return real(f(mpf(x)))


def odd0(x):  # f(+-0) = +-0
    return x


def acos(x):
    return NAN if abs(x) > 1 else unary(mp.acos, x)


def asin(x):
    return NAN if abs(x) > 1 else unary(mp.asin, x, zero=odd0)


def atan2(y, x):
    if not fin(y, x) or y == 0 or x == 0:
        return math.atan2(y, x)
    return mp.atan2(mpf(y), mpf(x))


def atanh(x):
    if abs(x) > 1:
        return NAN
    if abs(x) == 1:
        return math.copysign(INF, x)
    return unary(mp.atanh, x, zero=odd0)


def cbrt(x):
    return unary(lambda v: mp.cbrt(abs(v)) * (1 if v > 0 else -1), x, zero=odd0, pinf=INF, ninf=-INF)


def sinpi(x):
    if not fin(x):
        return NAN
    if x == math.floor(x):
        return math.copysign(0.0, x)
    return mp.sinpi(mpf(x))


def cospi(x):
    if not fin(x):
        return NAN
    if Fraction(x) - math.floor(x) == Fraction(1, 2):
        return 0.0
    return mp.cospi(mpf(x))


def tanpi(x):
    if not fin(x):
        return NAN
    if x == math.floor(x):
        odd = Fraction(x) % 2 == 1
        return math.copysign(0.0, -x if odd else x)
    if Fraction(x) - math.floor(x) == Fraction(1, 2):
        n = math.floor(x)
        return INF if n % 2 == 0 else -INF
    return mp.sinpi(mpf(x)) / mp.cospi(mpf(x))


def exp_like(f, x, ninf=0.0, zero=None):
    return unary(f, x, zero=zero, pinf=INF, ninf=ninf)


def clamp(f, x, lo, hi, below, above, zero=None):
    """f, with its value past [lo, hi] (where the double result is the limit, and
    mpmath would take long or overflow its own floats) given."""
    if math.isnan(x):
        return NAN
    if x < lo:
        return below
    if x > hi:
        return above
    return unary(f, x, zero=zero)


def log_like(f, x):
    if math.isnan(x) or x < 0:
        return NAN
    if x == 0:
        return -INF
    if x == INF:
        return INF
    return f(mpf(x))


def log1p(x):
    if math.isnan(x) or x < -1:
        return NAN
    if x == -1:
        return -INF
    return unary(mp.log1p, x, zero=odd0, pinf=INF)


def powi_zero(x, n):
    """x^n for x = +-0 and an integer n (C99 Annex F)."""
    odd = n % 2 != 0
    if n == 0:
        return 1.0
    if n < 0:
        return math.copysign(INF, x) if odd else INF
    return x if odd else 0.0


def pow_(x, y):
    if math.isnan(x) or math.isnan(y):
        return 1.0 if (x == 1 or y == 0) else NAN
    yint = math.isfinite(y) and y == math.floor(y)
    if x == 0 or math.isinf(x) or math.isinf(y):
        if x == 0 and yint and abs(y) < 2**53:
            return powi_zero(x, int(y))
        if x == 0:
            return INF if y < 0 else 0.0
        try:
            return math.pow(x, y)
        except (ValueError, OverflowError):
            return NAN
    if x < 0 and not yint:
        return NAN
    r = mp.power(abs(mpf(x)), mpf(y))
    if x < 0 and Fraction(y) % 2 == 1:
        r = -r
    return r


def pown(x, n):
    if n == 0:
        return 1.0
    if math.isnan(x):
        return NAN
    if x == 0:
        return powi_zero(x, n)
    if math.isinf(x):
        odd = n % 2 != 0
        if n > 0:
            return x if odd else INF
        return math.copysign(0.0, x) if odd else 0.0
    return mp.power(mpf(x), n)


def powr(x, y):
    if math.isnan(x) or math.isnan(y) or x < 0:
        return NAN
    if (x == 0 or math.isinf(x)) and y == 0:
        return NAN
    if x == 1 and math.isinf(y):
        return NAN
    if x == 0:
        return INF if y < 0 else 0.0
    if math.isinf(x):
        return 0.0 if y < 0 else INF
    if math.isinf(y):
        return (INF if x > 1 else 0.0) if y > 0 else (0.0 if x > 1 else INF)
    return mp.power(mpf(x), mpf(y))


def rootn(x, n):
    if n == 0 or math.isnan(x) or (x < 0 and n % 2 == 0):
        return NAN
    if x == 0:
        return powi_zero(x, -1 if n < 0 else 1) if n % 2 else (INF if n < 0 else 0.0)
    if math.isinf(x):
        return math.copysign(0.0, x) if n < 0 else x
    r = mp.root(abs(mpf(x)), n) if n > 0 else 1 / mp.root(abs(mpf(x)), -n)
    return -r if x < 0 else r


def gamma(x):
    if math.isnan(x) or x == -INF:
        return NAN
    if x == INF:
        return INF
    if x == 0:
        return math.copysign(INF, x)
    if x < 0 and x == math.floor(x):
        return NAN
    if x > 172:
        return INF
    if x < -200:
        # |gamma| < 1e-370: zero, with gamma's sign.
        return math.copysign(0.0, lgamma_sign(x))
    return mp.gamma(mpf(x))


def lgamma(x):
    if math.isnan(x):
        return NAN
    if math.isinf(x):
        return INF
    if x <= 0 and x == math.floor(x):
        return INF
    if x > 0:
        return mp.re(mp.loggamma(mpf(x)))
    # Reflection: log|gamma(x)| = log(pi) - log|sin(pi x)| - log gamma(1 - x).
    v = mpf(x)
    return mp.log(mp.pi) - mp.log(abs(mp.sinpi(v))) - mp.re(mp.loggamma(1 - v))


def lgamma_sign(x):
    if math.isnan(x) or math.isinf(x):
        return NAN
    if x == 0:
        return sign(x)
    if x < 0 and x == math.floor(x):
        return NAN
    if x < 0 and math.floor(x) % 2 != 0:
        return -1.0
    return 1.0


def frexp(x):
    if not fin(x) or x == 0:
        return x, NAN
    m, e = math.frexp(x)
    return m, float(e)


def round_away(x):
    if not fin(x) or abs(x) >= 2.0**52:
        return x
    r = float(math.floor(Fraction(abs(x)) + Fraction(1, 2)))
    return math.copysign(r, x)


def rint(x):
    if not fin(x):
        return x
    return math.copysign(float(round(Fraction(x))), x)


def fract(x):
    if math.isnan(x):
        return NAN
    if math.isinf(x):
        return math.copysign(0.0, x)
    f = Fraction(x) - math.floor(x)
    r = min(float(f), 1.0 - 2.0**-53) if f else 0.0
    return math.copysign(r, x) if r == 0 else r


def modf(x):
    if math.isnan(x):
        return NAN, NAN
    if math.isinf(x):
        return math.copysign(0.0, x), x
    i = math.copysign(float(math.trunc(x)), x)
    return math.copysign(float(Fraction(x) - math.trunc(x)), x), i


def quotient(x, y):
    if not fin(x, y) or y == 0:
        return NAN
    n = round(Fraction(x) / Fraction(y))  # ties to even, as remainder rounds
    return float(math.copysign(abs(n) % 128, 1 if (x < 0) == (y < 0) else -1))


def ilogb(x):
    if math.isnan(x) or x == 0:
        return float(-2**31)
    if math.isinf(x):
        return float(2**31 - 1)
    return float(math.frexp(x)[1] - 1)


def logb(x):
    if math.isnan(x):
        return NAN
    if x == 0:
        return -INF
    if math.isinf(x):
        return INF
    return float(math.frexp(x)[1] - 1)


def maxmag(x, y):
    if abs(x) > abs(y):
        return x
    if abs(y) > abs(x):
        return y
    return fmax(x, y)


def minmag(x, y):
    if abs(x) < abs(y):
        return x
    if abs(y) < abs(x):
        return y
    return fmin(x, y)


def fmax(x, y):
    if math.isnan(x):
        return y
    if math.isnan(y):
        return x
    if x == y == 0:
        return x if sign(x) > 0 else y
    return max(x, y)


def fmin(x, y):
    if math.isnan(x):
        return y
    if math.isnan(y):
        return x
    if x == y == 0:
        return x if sign(x) < 0 else y
    return min(x, y)


def fmod(x, y):
    try:
        return math.fmod(x, y)
    except ValueError:
        return NAN


def remainder(x, y):
    try:
        return math.remainder(x, y)
    except ValueError:
        return NAN


def divide(x, y):
    if not fin(x, y) or y == 0 or x == 0:
        try:
            return x / y
        except ZeroDivisionError:
            return NAN if (x == 0 or math.isnan(x)) else math.copysign(INF, x) * sign(y)
    return mpf(x) / mpf(y)


def ldexp(x, n):
    if not fin(x) or x == 0:
        return x
    try:
        return math.ldexp(x, n)
    except OverflowError:
        return math.copysign(INF, x)


def hypot(x, y):
    if math.isinf(x) or math.isinf(y):
        return INF
    if math.isnan(x) or math.isnan(y):
        return NAN
    return mp.hypot(mpf(x), mpf(y))


def sqrt(x):
    return NAN if x < 0 else unary(mp.sqrt, x, zero=odd0, pinf=INF)


def rsqrt(x):
    if x < 0 or math.isnan(x):
        return NAN
    if x == 0:
        return math.copysign(INF, x)
    if x == INF:
        return 0.0
    return 1 / mp.sqrt(mpf(x))


def fdim(x, y):
    if math.isnan(x) or math.isnan(y):
        return NAN
    return mpf(x) - mpf(y) if x > y and fin(x, y) else (x - y if x > y else 0.0)


def fma(x, y, z):
    if not fin(x, y, z):
        return x * y + z
    return Fraction(x) * Fraction(y) + Fraction(z)


F = {
    "acos": lambda x, y, z, n: acos(x),
    "acosh": lambda x, y, z, n: NAN if x < 1 else unary(mp.acosh, x, pinf=INF),
    "acospi": lambda x, y, z, n: NAN if abs(x) > 1 else unary(lambda v: mp.acos(v) / mp.pi, x),
    "asin": lambda x, y, z, n: asin(x),
    "asinh": lambda x, y, z, n: unary(mp.asinh, x, zero=odd0, pinf=INF, ninf=-INF),
    "asinpi": lambda x, y, z, n: NAN if abs(x) > 1 else unary(lambda v: mp.asin(v) / mp.pi, x, zero=odd0),
    "atan": lambda x, y, z, n: unary(mp.atan, x, zero=odd0, pinf=mp.pi / 2, ninf=-mp.pi / 2),
    "atan2": lambda x, y, z, n: atan2(x, y),
    "atanh": lambda x, y, z, n: atanh(x),
    "atanpi": lambda x, y, z, n: unary(lambda v: mp.atan(v) / mp.pi, x, zero=odd0, pinf=0.5, ninf=-0.5),
    "atan2pi": lambda x, y, z, n: pi_scaled(atan2(x, y)),
    "cbrt": lambda x, y, z, n: cbrt(x),
    "ceil": lambda x, y, z, n: math.copysign(float(math.ceil(x)), x) if fin(x) else x,
    "copysign": lambda x, y, z, n: math.copysign(x, y),
    "cos": lambda x, y, z, n: unary(mp.cos, x, pinf=NAN, ninf=NAN),
    "cosh": lambda x, y, z, n: clamp(mp.cosh, x, -711, 711, INF, INF),
    "cospi": lambda x, y, z, n: cospi(x),
    "erfc": lambda x, y, z, n: clamp(mp.erfc, x, -10, 30, 2.0, 0.0),
    "erf": lambda x, y, z, n: clamp(mp.erf, x, -10, 10, -1.0, 1.0, zero=odd0),
    "exp": lambda x, y, z, n: clamp(mp.exp, x, -750, 710, 0.0, INF),
    "exp2": lambda x, y, z, n: clamp(lambda v: mp.power(2, v), x, -1080, 1025, 0.0, INF),
    "exp10": lambda x, y, z, n: clamp(lambda v: mp.power(10, v), x, -330, 310, 0.0, INF),
    "expm1": lambda x, y, z, n: clamp(mp.expm1, x, -100, 710, -1.0, INF, zero=odd0),
    "fabs": lambda x, y, z, n: abs(x),
    "fdim": lambda x, y, z, n: fdim(x, y),
    "floor": lambda x, y, z, n: math.copysign(float(math.floor(x)), x) if fin(x) else x,
    "fma": lambda x, y, z, n: fma(x, y, z),
    "fmax": lambda x, y, z, n: fmax(x, y),
    "fmin": lambda x, y, z, n: fmin(x, y),
    "fmod": lambda x, y, z, n: fmod(x, y),
    "fract": lambda x, y, z, n: fract(x),
    "fract.floor": lambda x, y, z, n: math.copysign(float(math.floor(x)), x) if fin(x) else x,
    "frexp": lambda x, y, z, n: frexp(x)[0],
    "frexp.exp": lambda x, y, z, n: frexp(x)[1],
    "hypot": lambda x, y, z, n: hypot(x, y),
    "ilogb": lambda x, y, z, n: ilogb(x),
    "ldexp": lambda x, y, z, n: ldexp(x, n),
    "lgamma": lambda x, y, z, n: lgamma(x),
    "lgamma_r": lambda x, y, z, n: lgamma(x),
    "lgamma_r.sign": lambda x, y, z, n: lgamma_sign(x),
    "log": lambda x, y, z, n: log_like(mp.log, x),
    "log2": lambda x, y, z, n: log_like(lambda v: mp.log(v, 2), x),
    "log10": lambda x, y, z, n: log_like(mp.log10, x),
    "log1p": lambda x, y, z, n: log1p(x),
    "logb": lambda x, y, z, n: logb(x),
    "maxmag": lambda x, y, z, n: maxmag(x, y),
    "minmag": lambda x, y, z, n: minmag(x, y),
    "modf": lambda x, y, z, n: modf(x)[0],
    "modf.int": lambda x, y, z, n: modf(x)[1],
    "pow": lambda x, y, z, n: pow_(x, y),
    "pown": lambda x, y, z, n: pown(x, n),
    "powr": lambda x, y, z, n: powr(x, y),
    "remainder": lambda x, y, z, n: remainder(x, y),
    "remquo": lambda x, y, z, n: remainder(x, y),
    "remquo.quo": lambda x, y, z, n: quotient(x, y),
    "rint": lambda x, y, z, n: rint(x),
    "rootn": lambda x, y, z, n: rootn(x, n),
    "round": lambda x, y, z, n: round_away(x),
    "rsqrt": lambda x, y, z, n: rsqrt(x),
    "sin": lambda x, y, z, n: unary(mp.sin, x, zero=odd0, pinf=NAN, ninf=NAN),
    "sincos": lambda x, y, z, n: unary(mp.sin, x, zero=odd0, pinf=NAN, ninf=NAN),
    "sincos.cos": lambda x, y, z, n: unary(mp.cos, x, pinf=NAN, ninf=NAN),
    "sinh": lambda x, y, z, n: clamp(mp.sinh, x, -711, 711, -INF, INF, zero=odd0),
    "sinpi": lambda x, y, z, n: sinpi(x),
    "sqrt": lambda x, y, z, n: sqrt(x),
    "tan": lambda x, y, z, n: unary(mp.tan, x, zero=odd0, pinf=NAN, ninf=NAN),
    "tanh": lambda x, y, z, n: clamp(mp.tanh, x, -40, 40, -1.0, 1.0, zero=odd0),
    "tanpi": lambda x, y, z, n: tanpi(x),
    "tgamma": lambda x, y, z, n: gamma(x),
    "trunc": lambda x, y, z, n: math.copysign(float(math.trunc(x)), x) if fin(x) else x,
    "divide": lambda x, y, z, n: divide(x, y),
    "recip": lambda x, y, z, n: divide(1.0, x),
}


def pi_scaled(a):
    """atan2pi from atan2's value: its special values (0, +-pi/4, +-pi/2, +-3pi/4,
    +-pi, from math.atan2) are exact multiples of 1/4."""
    if isinstance(a, float):
        if a == 0 or math.isnan(a):
            return a
        return round(a / math.pi * 4) / 4
    return a / mp.pi


def nearest(q):
    """The double nearest the fraction q (Python rounds int / int correctly, also
    into the subnormals, where mpmath's float() rounds twice)."""
    try:
        return float(q)
    except OverflowError:
        return INF if q > 0 else -INF


def answer(line):
    name, a, b, c, n = line.split()
    v = F[name](d(a), d(b), d(c), int(n))
    if isinstance(v, (float, int)):
        return hexbits(float(v)) + " " + hexbits(0.0)
    if not isinstance(v, Fraction):
        v = mpf(v)
        if not mpmath.isfinite(v):
            return hexbits(float(v)) + " " + hexbits(0.0)
        neg, man, exp, _ = v._mpf_
        sgn = -1.0 if neg else 1.0
        if man == 0:
            return hexbits(0.0) + " " + hexbits(0.0)
        size = exp + int(man).bit_length()
        if size > 1100:
            return hexbits(sgn * INF) + " " + hexbits(0.0)
        if size < -1100:
            return hexbits(sgn * 0.0) + " " + hexbits(0.0)
        v = (-1 if neg else 1) * Fraction(int(man)) * (Fraction(2) ** int(exp))
    hi = nearest(v)
    lo = nearest(v - Fraction(hi)) if math.isfinite(hi) else 0.0
    return hexbits(hi) + " " + hexbits(lo)


def main():
    lines = sys.stdin.read().splitlines()
    if len(lines) > 20000:
        with Pool() as pool:
            out = pool.map(answer, lines, chunksize=2000)
    else:
        out = [answer(l) for l in lines]
    sys.stdout.write("".join(o + "\n" for o in out))


if __name__ == "__main__":
    main()
