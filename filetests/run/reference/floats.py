"""Expectations for types/float_ops.cl and types/double_ops.cl.

Inputs go through a double first (oclc parses lists as doubles, then stores floats),
so f32(float(text)) is the float the kernel sees. Each +, -, * is one correctly rounded
IEEE operation; division is checked with -compare and a 3 ulp tolerance (OpenCL 1.2
allows 2.5 ulp for single-precision x / y).
"""
from cref import f32, g7, g16, line

X = [1.5, -2.25, 3.0, 0.1, 1.0, -0.0]
Y = [0.5, 4.0, -0.75, 0.2, 5.9604644775390625e-08, 2.0]
out, q = [], []
for x, y in zip(X, Y):
    x, y = f32(x), f32(y)
    lt = 1.0 if x < y else 0.0
    out += [f32(x + y), f32(x - y), f32(x * y), -x, float(int(x)), lt]
    q.append(f32(x / y))
print("float:", line("out", [g7(v) for v in out]))
print("float q:", ",".join(repr(v) for v in q))

XD = [0.1, -2.25, 9007199254740992.0, 1e300, 1.0 / 3.0, -0.0]
YD = [0.2, 4.0, 1.0, 1e10, 3.0, 2.0]
out, q = [], []
for x, y in zip(XD, YD):
    out += [x + y, x - y, x * y, -x, x * 0.5, 1.0 if x < y else 0.0]
    q.append(x / y)
print("double:", line("out", [g16(v) for v in out]))
print("double q:", line("q", [g16(v) for v in q]))
