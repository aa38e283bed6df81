"""Expectations for algorithms/mandelbrot.cl: escape-time counts on a 16 x 8 grid.

c = (-2.5 + 0.25 px, -1 + 0.25 py) is exact in float32. The iteration mirrors the kernel
operation by operation in float32 (cref.f32 after each IEEE op; FP_CONTRACT is off in the
kernel, so no fused multiply-add). The script also runs the same loop in double precision
and reports the points whose count differs; those are the points sensitive to rounding.
"""
from cref import f32, line

MAXIT = 32

def count(cx, cy, r):
    x = y = 0.0
    it = 0
    while it < MAXIT:
        xx, yy = r(x * x), r(y * y)
        if r(xx + yy) > 4.0:
            break
        xy = r(x * y)
        x = r(r(xx - yy) + cx)
        y = r(r(xy + xy) + cy)
        it += 1
    return it

c32, c64 = [], []
for py in range(8):
    for px in range(16):
        cx, cy = -2.5 + 0.25 * px, -1.0 + 0.25 * py
        c32.append(count(cx, cy, f32))
        c64.append(count(cx, cy, lambda v: v))
print(line("counts", c32))
print("differ from double:", [(i % 16, i // 16, a, b) for i, (a, b) in enumerate(zip(c32, c64)) if a != b])
