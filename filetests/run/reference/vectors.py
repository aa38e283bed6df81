"""Expectations for vectors/*.cl: the same component-wise arithmetic on plain lists."""
from cref import wrap, f32, g7, g16, line

def rng(a, b, step=1):
    d = 1 if b >= a else -1
    return [a + d * step * i for i in range(abs(b - a) // step + 1)]

# int2_ops: out = a + b * (int2)(2, -1); gt = a > (int2)(3) (true is -1 for vectors)
a, b = rng(0, 7), rng(10, 17)
print("int2:", line("out", [x + y * (2 if k % 2 == 0 else -1) for k, (x, y) in enumerate(zip(a, b))]))
print("int2:", line("gt", [-1 if x > 3 else 0 for x in a]))
print("int2:", line("sw", [a[k ^ 1] for k in range(8)]))

# float4_mad: out = a * b + c, c = (0.5, 1, -1, 2); all values exact in float32
a = rng(1, 8)
b = [0.5, 2, 4, -1] * 2
c = [0.5, 1, -1, 2]
print("float4:", line("out", [g7(x * y + c[k % 4]) for k, (x, y) in enumerate(zip(a, b))]))

# uchar8_ops: out = a + b (mod 256); sh = (a >> 1) | (b << 4) (mod 256)
a, b = rng(10, 250, 16), rng(255, 0, 17)
print("uchar8:", line("out", [wrap(x + y, 8, False) for x, y in zip(a, b)]))
print("uchar8:", line("sh", [wrap((x >> 1) | (y << 4), 8, False) for x, y in zip(a, b)]))

# short16_ops: out = a * (short16)3 - b (mod 2^16, signed)
a, b = rng(-15500, 15500, 1000), rng(1, 32)
print("short16:", line("out", [wrap(3 * x - y, 16, True) for x, y in zip(a, b)]))

# float3_ops (vload3/vstore3 on float buffers): r = v * w + v.zxy; s = r.x + r.y + r.z
v = rng(1, 12)
w = [2, 0.5, -1] * 4
r, s = [], []
for i in range(4):
    x = v[3 * i:3 * i + 3]
    y = w[3 * i:3 * i + 3]
    zxy = [x[2], x[0], x[1]]
    ri = [x[k] * y[k] + zxy[k] for k in range(3)]
    r += ri
    s.append(ri[0] + ri[1] + ri[2])
print("float3:", line("out", [g7(t) for t in r]))
print("float3:", line("sum", [g7(t) for t in s]))

# double2_ops: out = a * b + (double2)(0.25, -0.5); d = v.lo - v.hi of out
a = [0.1, 0.2, 1e16, 1.0, -3.5, 2.0]
b = [3.0, 3.0, 1.0, 1e-16, 2.0, 0.125]
c = [0.25, -0.5]
o = [x * y + c[k % 2] for k, (x, y) in enumerate(zip(a, b))]
print("double2:", line("out", [g16(t) for t in o]))
print("double2:", line("d", [g16(o[2 * i] - o[2 * i + 1]) for i in range(3)]))

# long4_ops: out = a * b + c; sh = out >> 7 (arithmetic)
a = [3000000000, -3000000000, 1, 2, 5, 6, 7, 8]
b = [3, 3, 4294967296, -4294967296, 1099511627776, -1099511627776, 1, 1]
c = [1, -1, 2, -2]
o = [x * y + c[k % 4] for k, (x, y) in enumerate(zip(a, b))]
assert all(wrap(t, 64, True) == t for t in o)
print("long4:", line("out", o))
print("long4:", line("sh", [t >> 7 for t in o]))
