"""Expectations for algorithms/nbody.cl: accelerations of 16 bodies, float32.

The kernel's loop is repeated operation by operation in float32 (cref.f32), with rsqrt
correctly rounded. OpenCL allows rsqrt 2 ulp, so the script also reruns the model with
every rsqrt result moved by -2..+2 ulp (random, many trials) and reports the largest
distance in ulp from the reference; the test's -ulp-error is set well above it.
"""
import math
import random
from cref import f32, f32_bits, bits_f32

N = 16
pos = []
for i in range(N):
    pos.append((f32(((i * 7) % 16) * 0.25 - 2.0), f32(((i * 11) % 16) * 0.125 - 1.0),
                f32(((i * 5) % 16) * 0.5 - 4.0), f32(1.0 + (i % 4) * 0.5)))
EPS = f32(0.01)


def rsqrt(x, jitter):
    r = f32(1.0 / math.sqrt(x))
    if jitter:
        r = bits_f32(f32_bits(r) + random.randint(-2, 2))
    return r


def accel(jitter=False):
    out = []
    for i in range(N):
        ax = ay = az = 0.0
        xi, yi, zi, _ = pos[i]
        for j in range(N):
            xj, yj, zj, mj = pos[j]
            dx, dy, dz = f32(xj - xi), f32(yj - yi), f32(zj - zi)
            r2 = f32(f32(f32(f32(dx * dx) + f32(dy * dy)) + f32(dz * dz)) + EPS)
            inv = rsqrt(r2, jitter)
            s = f32(mj * f32(f32(inv * inv) * inv))
            ax, ay, az = f32(ax + f32(dx * s)), f32(ay + f32(dy * s)), f32(az + f32(dz * s))
        out += [ax, ay, az, 0.0]
    return out


def ulps(a, b):
    def o(x):
        u = f32_bits(x)
        return -(u & 0x7FFFFFFF) if u >> 31 else u
    return abs(o(a) - o(b))


ref = accel()
random.seed(1)
worst = 0
for _ in range(200):
    alt = accel(True)
    worst = max(worst, max(ulps(a, b) for a, b in zip(ref, alt)))
print("pos:", ",".join(repr(v) for p in pos for v in p))
print("acc:", ",".join(repr(v) for v in ref))
print("worst ulp distance with rsqrt within 2 ulp:", worst)
