"""Expectations for language/*.cl (plain Python models of each kernel)."""
import struct
from cref import wrap, f32, f32_bits, g7, line

def i32(u):
    return wrap(u, 32, True)

# struct_global: Rec { char tag; int count; float weight; short pair[2]; } = 16 bytes
def word0(tag):
    return i32(0x55555500 | (tag & 0xFF))
def pairw(p0, p1):
    return i32((p0 & 0xFFFF) | ((p1 & 0xFFFF) << 16))
recs = [(3, 10, 1.5, 2, -3), (-1, -7, -0.25, 100, 200)]
raw = []
for t, c, w, p0, p1 in recs:
    raw += [word0(t), c, i32(f32_bits(w)), pairw(p0, p1)]
print("struct raw in:", ",".join(map(str, raw)))
out, after = [], []
for t, c, w, p0, p1 in recs:
    out += [t, c + p0 * p1, int(f32(w * 4.0))]
    after += [word0(90), -c, i32(f32_bits(f32(w + 0.5))), pairw(p0, p0 + 1)]
print("struct:", line("out", out))
print("struct:", line("raw", after))

# barrier_in_loop: 4 rounds of v[l] = v[l-1] + v[l] + v[l+1] (indices mod 8, per group)
v = list(range(1, 17))
res = []
for g in range(2):
    w = v[8 * g:8 * g + 8]
    for _ in range(4):
        w = [w[(l - 1) % 8] + w[l] + w[(l + 1) % 8] for l in range(8)]
    res += w
print("barrier_loop:", line("out", res))

# goto: Collatz steps
def collatz(n):
    s = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        s += 1
    return s
print("goto:", line("steps", [collatz(n) for n in range(1, 17)]))

# switch
def sw(v):
    r = 0
    if v == 0:
        return 10
    if v == 1:
        r += 1
    if v in (1, 2):
        return r + 2
    if v in (5, 6):
        return 56
    if v == -3:
        r = -3
    return r + 100
def sw2(c):
    # second switch on a char: vowels count 1, 'z' 26, others 0
    return {97: 1, 101: 1, 105: 1, 111: 1, 117: 1, 122: 26}.get(c, 0)
print("switch:", line("out", [sw(v) for v in range(-3, 9)]))
print("switch:", line("kind", [sw2(c) for c in b"quiz oz"]))

# helper_functions: acc = poly(x) + square(x - 1) = 2x^2 + x; out = acc[l] + acc[(l+1) % 8]
acc = [2 * x * x + x for x in range(16)]
print("helpers:", line("out", [acc[8 * (i // 8) + l] + acc[8 * (i // 8) + (l + 1) % 8]
                               for i in range(16) for l in [i % 8]]))

# swizzles on a = 0..15 (see the kernel for the sequence)
a = list(range(16))
v = a[0:4]
r4 = [v[3], v[2], v[1], v[0]]
r4 += [a[15], a[10], a[11], a[7]]
even, odd = a[0::2], a[1::2]
r4 += even[:4] + odd[4:]
v[0], v[3] = v[3], v[0]          # v.xw = v.wx
v[1], v[2] = 20, 30              # v.s12 = (int2)(20, 30)
r4 += v
for k in range(1, 16, 2):        # a.odd = (int8)(-1)
    a[k] = -1
a[0:8] = a[8:16]                 # a.lo = a.hi
a[15] = 99                       # a.sF = 99
r16 = list(a)
r4 += [a[0], a[4], a[8], a[12]]  # a.s048c
r4 += [v[0], v[0], v[1], v[1]]   # v.xxyy
print("swizzle:", line("r4", r4))
print("swizzle:", line("r16", r16))

# work_item_3d: -global 4,2,2 -local 2,1,2
G, L = (4, 2, 2), (2, 1, 2)
gid, lid, grp = [], [], []
for z in range(2):
    for y in range(2):
        for x in range(4):
            gid.append(x * 100 + y * 10 + z)
            lid.append((x % 2) * 100 + (y % 1) * 10 + z % 2)
            grp.append((x // 2) * 100 + (y // 1) * 10 + z // 2)
info = [3] + list(G) + list(L) + [G[d] // L[d] for d in range(3)] + [1, 0, 1]
print("wi3d:", line("gid", gid))
print("wi3d:", line("lid", lid))
print("wi3d:", line("grp", grp))
print("wi3d:", line("info", info))

# control_flow: loops with continue/break, do-while, short-circuit evaluation
out, flags = [], []
for m in range(8):
    k = s = 0
    while k < 3 * m:
        k += 1
        if k % 2 == 0:
            continue
        s += k
    v, h = 100 + m, 0
    while True:
        v //= 2
        h += 1
        if v < 10:
            break
    j = 0
    while not j * j > 5 * m:
        j += 1
    out += [s, h, j]
    a, b, calls = m % 2, int(m > 3), 0
    both = 0
    if a:
        calls += 1
        both = b
    if a:
        either = 1
    else:
        calls += 1
        either = b
    flags.append(100 * calls + 10 * both + either)
print("control:", line("out", out))
print("control:", line("flags", flags))

# private_array: medians of sorted windows
data = [9, 2, 7, 4, 8, 1, 6, 3, 5, 0, 11, 10, 13]
print("private:", line("med", [sorted(data[i:i + 8])[3] + sorted(data[i:i + 8])[4] for i in range(6)]))

# struct_layout: offsets by the C rules with OpenCL alignments (vectors of 3 and 4
# elements aligned to 16 bytes for 4-byte lanes, packed structs without padding)
def align(o, a):
    return (o + a - 1) // a * a
# struct A { int a; float4 v; }: v at 16, size 32
# struct B { char c; int3 v; short s; }: v at 16 (int3 is 16 bytes, 16-aligned), s at 32, size 48
# struct __attribute__((packed)) P { char c; int i; short s; }: i at 1, s at 5, size 7
# struct C { char c; double d; char e; }: d at 8, e at 16, size 24
print("layout:", line("lay", [16, 32, 16, 32, 48, 1, 5, 7, 8, 16, 24]))

# irreducible_goto: simulate the two-entry loop
def irr(n):
    acc, i = 0, n
    inside = n & 1
    while True:
        if not inside:
            acc += 1
        inside = False
        acc += 10
        i -= 1
        if not i > 0:
            return acc
print("irreducible:", line("out", [irr(n) for n in range(8)]))

# loop_carried
def fib(n, mask=None):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
        if mask:
            a, b = a & mask, b & mask
    return a
print("carried:", line("fib", [fib(n) for n in (10, 50, 90)]))
print("carried:", line("fib32", [fib(n, 0xFFFFFFFF) for n in (10, 50, 90)]))
s = c = 0
for i in range(6):
    for j in range(6):
        if j == i:
            continue
        if j > i + 2:
            break
        s += i * j
        c += 1
print("carried:", line("nest", [s, c]))
state = acc = 0
for k in range(10):
    acc += [1, 10, 100][state]
    state = (state + 1) % 3
print("carried:", line("sw", [acc, state]))

# local_structs
out, w, tab = [], [], []
for g in range(8):
    grp, l = g // 4, g % 4
    nx = (l + 1) % 4
    v = grp * 4 + nx + 1
    out.append(v * 100 - v)
    w.append(g7(v / 4 * 2))
    tab.append((10 * l + nx + 100 * grp) + (10 * nx + l + 100 * grp))
print("lstructs:", line("out", out), line("wout", w), line("tab", tab))

# packed_arithmetic: float32 after every operation; C int wrap-around
import math
xs = [-3.75, -2.5, -1, -0.5, 0, 0.25, 1, 1.5, -8.25, 10, 100.5, -1000, 0.1, 1e6, -3e-5,
      65536]
ns = [-7, -3, -1, 0, 1, 2, 3, 5, -55, 89, -144, 233, 2147483647, -2147483648, 1000000,
      -99999]
fs, os_ = [], []
for x, n in zip(xs, ns):
    a = f32(x)
    m = f32(f32(a * 3.0) - a)
    t = f32(f32(m / 2.0) - f32(math.sqrt(abs(a))))
    u = n & 0xFFFFFFFF
    fs.append(f32(f32(t - f32(n)) + f32(f32(u) * 0.5)))
    s = 3
    ai = wrap(int(f32(a * 4.0)), 32, True)  # toward zero; every value fits
    o = wrap(n * 7, 32, True) ^ wrap(n << s, 32, True)
    o = wrap(o + (n >> s) - ai + (f32_bits(a) & 0xFF) - ((u >> s) | 1), 32, True)
    os_.append(o)
print("packed:", line("f", [g7(v) for v in fs]))
print("packed:", line("o", os_))

# packed_loop_sum: acc = 0; for k < 5: acc = acc + x[16k + i] * 0.5 (float32 each step);
# n = acc as int + 3k-sum in int arithmetic.
xs2 = [(j * 37 % 101) / 8.0 - 5.0 for j in range(80)]
accs, ns2 = [], []
for i in range(16):
    acc, n = 0.0, 0
    for k in range(5):
        acc = f32(acc + f32(xs2[16 * k + i] * 0.5))
        n = wrap(n * 3 + i + k, 32, True)
    accs.append(acc)
    ns2.append(n)
print("packed_loop x:", ",".join(g7(v) for v in xs2))
print("packed_loop:", line("acc", [g7(v) for v in accs]))
print("packed_loop:", line("cnt", ns2))
