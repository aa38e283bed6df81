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
