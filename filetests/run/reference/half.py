"""Expectations for builtins/vstore_half_*.cl and builtins/vload_half.cl: half-precision
rounding modelled exactly. Every finite half is enumerated (struct's 'e' format
decodes half bits exactly); a value rounds to the neighbouring halves below and above
it, chosen by the mode (rte: the nearer, ties to the even bit pattern; values at or
past 65520 round to infinity to nearest, as IEEE 754 says)."""
import struct
from bisect import bisect_left, bisect_right
from fractions import Fraction
from cref import f32, g7, line

HALVES = [(Fraction(struct.unpack("<e", struct.pack("<H", b))[0]), b) for b in range(0x7C00)]
VALS = [v for v, _ in HALVES]
INF = 0x7C00


def half_val(b):
    return struct.unpack("<e", struct.pack("<H", b))[0]


def round_mag(a, mode):
    """Bits of |x| = a (a Fraction >= 0) rounded in mode (for the magnitude)."""
    i = bisect_right(VALS, a) - 1  # largest half <= a
    lo_v, lo_b = HALVES[i]
    if lo_v == a:
        return lo_b
    if i + 1 < len(HALVES):
        hi_v, hi_b = HALVES[i + 1]
    else:
        hi_v, hi_b = Fraction(65536), INF  # 65504 + one ulp: where infinity sits
    if mode == "down":
        return lo_b
    if mode == "up":
        return hi_b
    mid = (lo_v + hi_v) / 2
    if a < mid or (a == mid and lo_b % 2 == 0):
        return lo_b
    return hi_b


def to_half(x, mode):
    """Bits of the half nearest float/double x in mode rte/rtz/rtp/rtn."""
    neg = struct.pack("<d", x)[7] & 0x80 != 0
    if x in (float("inf"), float("-inf")):
        return INF | (0x8000 if neg else 0)
    a = abs(Fraction(x))
    mag_mode = {
        "rte": "near",
        "rtz": "down",
        "rtp": "down" if neg else "up",
        "rtn": "up" if neg else "down",
    }[mode]
    return round_mag(a, mag_mode) | (0x8000 if neg else 0)


MODES = ["rte", "rte", "rtz", "rtp", "rtn"]  # vstore_half (default: rte), then each suffix

# ---- vstore_half_float.cl: inputs as oclc reads them (a double rounded to float).
F_IN = ["1", "1.00048828125", "1.00146484375", "-1.00048828125", "0.1", "-0.1",
        "3.14159265", "65504", "65519", "65520", "70000", "-70000", "1e10",
        "6.103515625e-05", "3e-05", "2.98023223876953125e-08", "4.5e-08", "1e-8",
        "-1e-8", "0", "-0.0"]
fv = [f32(float(s)) for s in F_IN]
print("vstore_half_float.cl: -arg x," + ",".join(F_IN))
print("  " + line("h", [to_half(x, m) for x in fv for m in MODES]))

# ---- vstore_half_double.cl: doubles where rounding through the nearest float first
# would be wrong (1 + 2^-11 + 2^-40 is above the tie; 1 + 2^-30 is above 1).
D = [1 + 2**-11 + 2**-40, 1 + 2**-30, -1 - 2**-30, 65504 + 2**-20, 65519.99999999,
     65520.0, 0.1, 1e-300, -1e-300, 1e300, -3.0e-5 - 2**-60, 5.960464477539063e-08]
print("vstore_half_double.cl: -arg x," + ",".join(repr(x) for x in D))
print("  " + line("h", [to_half(x, m) for x in D for m in MODES]))

# ---- vload_half.cl
HB = [0x3C00, 0xC000, 0x3555, 0x0001, 0x03FF, 0x0400, 0x7BFF, 0xFBFF, 0x8000, 0x7C00,
      0xFC00, 0x3800, 0x4248, 0x2E66, 0xB266, 0x5640]
HB += [((0x1234 + 0x0777 * k) & 0x7BFF) | (0x8000 if k % 2 else 0) for k in range(16)]
CT = [0x3C00, 0x4000, 0x4200, 0x4400, 0x4500, 0x4600, 0x4700, 0x4800]  # 1..8
hv = [half_val(b) for b in HB]
cv = [half_val(b) for b in CT]
out = []
out += hv[5:6]            # vload_half(5)
out += hv[2:4]            # vload_half2(1)
out += hv[3:6]            # vload_half3(1)
out += hv[4:8]            # vload_half4(1)
out += hv[8:16]           # vload_half8(1)
out += hv[16:32]          # vload_half16(1)
out += hv[6:8]            # vloada_half2(3)
out += hv[4:7]            # vloada_half3(1): aligned like a 4-vector
out += hv[8:12]           # vloada_half4(2)
out += hv[8:16]           # vloada_half8(1)
out += hv[16:32]          # vloada_half16(1)
out += hv[0:1]            # vloada_half(0)
out += cv[0:4]            # __constant vload_half4(0)
out += cv[4:7]            # __constant vloada_half3(1)
print("vload_half.cl: -arg hb," + ",".join(str(b) for b in HB))
print("  " + line("out", [g7(x) for x in out]))
# Stores: f = 3 * vload_half16(0, hb) (exact in float: 11 bits times 3).
f3 = [3.0 * x for x in hv[:16]]
st = [0] * 56
st[0:16] = [to_half(x, "rtp") for x in f3]           # vstore_half16_rtp(f3, 0)
st[16:19] = [to_half(x, "rtn") for x in f3[0:3]]     # vstorea_half3_rtn(f3.s012, 4)
st[21:24] = [to_half(x, "rtz") for x in f3[3:6]]     # vstore_half3_rtz(f3.s345, 7)
st[24:32] = [to_half(x, "rte") for x in f3[0:8]]     # vstore_half8(f3.lo, 3)
st[32:34] = [to_half(x, "rte") for x in f3[0:2]]     # vstore_half2_rte(f3.s01, 16)
st[36:40] = [to_half(x, "rtz") for x in f3[4:8]]     # vstorea_half4_rtz(f3.s4567, 9)
st[40:44] = [to_half(x, "rtz") for x in f3[0:4]]     # via __local: vstore_half4_rtz
st[48:56] = [to_half(x, "rtn") for x in f3[8:16]]    # via private: vstore_half8_rtn
st[44] = to_half(f3[9], "rtp")                        # vstorea_half_rtp(f3.s9, 44)
print("  " + line("st", st))
