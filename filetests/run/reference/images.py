"""Expected values of filetests/run/images/*.cl: an independent model of OpenCL 1.2
image addressing and filtering (section 8.2) and conversions (8.3), written from the
specification's formulas, never from Kauai.

Floats are float32 after every operation (`f32`), in the formulas' order: for a 2-D
linear read T = (1-a)(1-b) T00 + a(1-b) T10 + (1-a)b T01 + ab T11, each product
rounded, summed left to right. Where OpenCL leaves a result undefined the model follows
Kauai's documented choice: CLK_ADDRESS_NONE gives the border colour outside the image.
Run from this directory: `python3 images.py` prints each test's CHECK lines.
"""
import math
import struct

from cref import f32, g7, line

BORDER_ALPHA_ONE = {"R", "RG", "LUMINANCE"}


def rint(x):
    """Round to nearest, ties to even (C rint in the default mode)."""
    r = math.floor(x)
    d = x - r
    if d > 0.5 or (d == 0.5 and r % 2 == 1):
        r += 1
    return r


class Image:
    """An image of float channels already converted as read_imagef sees them."""

    def __init__(self, order, dims, texels):
        # texels[(x, y, z)] = (r, g, b, a)
        self.order, self.dims, self.texels = order, dims, texels

    def fetch(self, c):
        if all(0 <= c[d] < self.dims[d] for d in range(len(self.dims))):
            return self.texels[tuple(c) + (0,) * (3 - len(c))]
        return (0.0, 0.0, 0.0, 1.0 if self.order in BORDER_ALPHA_ONE else 0.0)


def unnormalize(x, w, mode, normalized):
    if mode == "REPEAT":
        return f32(f32(x - math.floor(x)) * w)
    if mode == "MIRRORED_REPEAT":
        s = f32(2.0 * rint(f32(0.5 * x)))
        return f32(abs(f32(x - s)) * w)
    return f32(x * w) if normalized else x


def nearest_index(x, w, mode, normalized):
    u = unnormalize(x, w, mode, normalized)
    i = math.floor(u)
    if mode == "CLAMP_TO_EDGE":
        return min(max(i, 0), w - 1)
    if mode in ("CLAMP", "NONE"):
        return min(max(i, -1), w)
    if mode == "REPEAT":
        return i - w if i > w - 1 else i
    return min(i, w - 1)  # MIRRORED_REPEAT


def linear_taps(x, w, mode, normalized):
    u = unnormalize(x, w, mode, normalized)
    v = f32(u - 0.5)
    a = f32(v - math.floor(v))
    i0 = math.floor(v)
    i1 = i0 + 1
    if mode == "CLAMP_TO_EDGE":
        i0, i1 = min(max(i0, 0), w - 1), min(max(i1, 0), w - 1)
    elif mode in ("CLAMP", "NONE"):
        i0, i1 = min(max(i0, -1), w), min(max(i1, -1), w)
    elif mode == "REPEAT":
        i0 = w + i0 if i0 < 0 else i0
        i1 = i1 - w if i1 > w - 1 else i1
    else:
        i0, i1 = max(i0, 0), min(i1, w - 1)
    return i0, i1, a


def read(img, coords, mode, normalized, linear):
    n = len(img.dims)
    if not linear:
        c = [nearest_index(coords[d], img.dims[d], mode, normalized) for d in range(n)]
        return img.fetch(c)
    taps = [linear_taps(coords[d], img.dims[d], mode, normalized) for d in range(n)]
    acc = [0.0] * 4
    for corner in range(1 << n):
        c, wgt = [], 1.0
        for d, (i0, i1, a) in enumerate(taps):
            hi = corner >> d & 1
            c.append(i1 if hi else i0)
            wgt = f32(wgt * (a if hi else f32(1.0 - a)))
        t = img.fetch(c)
        acc = [f32(acc[k] + f32(wgt * t[k])) for k in range(4)]
    return tuple(acc)


def addressing():
    modes = [
        ("NONE", False, False), ("CLAMP", False, False), ("CLAMP_TO_EDGE", False, False),
        ("NONE", False, True), ("CLAMP", False, True), ("CLAMP_TO_EDGE", False, True),
        ("REPEAT", True, False), ("MIRRORED_REPEAT", True, False),
        ("REPEAT", True, True), ("MIRRORED_REPEAT", True, True),
        ("CLAMP", True, True), ("CLAMP_TO_EDGE", True, False),
    ]
    for order, alpha in (("R", 1.0), ("RA", 1.0)):
        img = Image(order, [4], {(x, 0, 0): (f32(10.0 * (x + 1)), 0.0, 0.0, alpha)
                                 for x in range(4)})
        vals = []
        for mode, norm, lin in modes:
            for i in range(16):
                x = f32(f32((i - 6) * 0.125) + 0.0625) if norm else f32((i - 4) * 0.5 + 0.25)
                v = read(img, [x], mode, norm, lin)
                vals += [g7(v[0]), g7(v[3])]
        print("addressing.cl", order, line("out", vals))


def unorm8(c):
    return f32(c / 255.0)


def linear2d():
    # 3x2 RGBA UNORM_INT8, channel k of pixel p stored as 17*p + 40*k (p = x + 3y).
    tex = {}
    for y in range(2):
        for x in range(3):
            p = x + 3 * y
            tex[(x, y, 0)] = tuple(unorm8(17 * p + 40 * k) for k in range(4))
    img = Image("RGBA", [3, 2], tex)
    coords = [(0.0, 0.0), (0.5, 0.5), (1.0, 0.5), (1.25, 1.0), (2.75, 1.5), (3.0, 2.0),
              (-0.5, 0.75), (1.6, 0.3)]
    out_edge, out_clamp, out_norm = [], [], []
    for (x, y) in coords:
        x, y = f32(x), f32(y)
        out_edge += [g7(v) for v in read(img, [x, y], "CLAMP_TO_EDGE", False, True)]
        out_clamp += [g7(v) for v in read(img, [x, y], "CLAMP", False, True)]
        xs, ys = f32(x / 3.0), f32(y / 2.0)
        out_norm += [g7(v) for v in read(img, [xs, ys], "REPEAT", True, True)]
    print("linear2d.cl", line("edge", out_edge))
    print("linear2d.cl", line("clamp", out_clamp))
    print("linear2d.cl", line("rep", out_norm))


def sat_rte(x, lo, hi):
    if x != x:
        return 0
    return int(min(max(rint(x), lo), hi))


def half_bits(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


def half_g(x):
    v = struct.unpack("<e", struct.pack("<e", x))[0]
    return "%.5g" % v if v != 0 else ("-0" if math.copysign(1, v) < 0 else "0")


FORMAT_INPUT = [0.0, 0.5, 0.3333333, -0.25, 1.5, -2.0, 0.001960784, 0.998, 0.25,
                0.75, 1.0, -1.0, 0.0019607843, 0.6, 0.125, 0.9]


def formats():
    vals = [f32(v) for v in FORMAT_INPUT]
    scales = {"UNORM_INT8": (255.0, 0, 255), "SNORM_INT8": (127.0, -128, 127),
              "UNORM_INT16": (65535.0, 0, 65535), "SNORM_INT16": (32767.0, -32768, 32767)}
    for t, (scale, lo, hi) in scales.items():
        stored = [sat_rte(f32(v * scale), lo, hi) for v in vals]
        print("formats.cl", t, line("dst", stored))
    print("formats.cl HALF_FLOAT", line("dst", [half_g(v) for v in vals]))
    print("formats.cl FLOAT", line("dst", [g7(v) for v in vals]))
    # BGRA: pixel p's (r, g, b, a) = vals[4p .. 4p+3] stored b, g, r, a.
    bgra = []
    for p in range(4):
        r, g, b, a = vals[4 * p:4 * p + 4]
        bgra += [sat_rte(f32(c * 255.0), 0, 255) for c in (b, g, r, a)]
    print("formats.cl BGRA", line("dst", bgra))
    # Reads back: UNORM_INT8 0..255 step 17 and SNORM_INT8 -128..127.
    print("formats.cl get unorm8", line("back", [g7(f32(c / 255.0)) for c in range(0, 256, 17)]))
    sn = [-128, -127, -64, -1, 0, 1, 63, 64, 100, 126, 127, -100, -2, 2, 50, -50]
    print("formats.cl get snorm8", line("back", [g7(max(-1.0, f32(c / 127.0))) for c in sn]))
    sn16 = [-32768, -32767, -16384, -1, 0, 1, 16383, 32767, 1000, -1000, 12345, -12345,
            2, -2, 30000, -30000]
    print("formats.cl get snorm16", line("back", [g7(max(-1.0, f32(c / 32767.0))) for c in sn16]))
    # Integer writes saturate.
    ivals = [0, 1, -1, 127, 128, -128, -129, 300, -300, 32767, 32768, -32769, 100000,
             -100000, 2147483647, -2147483648]
    print("formats.cl SIGNED_INT8", line("dst", [min(max(v, -128), 127) for v in ivals]))
    print("formats.cl SIGNED_INT16", line("dst", [min(max(v, -32768), 32767) for v in ivals]))
    print("formats.cl SIGNED_INT32", line("dst", ivals))
    uvals = [0, 1, 255, 256, 65535, 65536, 4294967295, 1000, 70000, 12, 200, 300, 5, 65534,
             2147483648, 77]
    print("formats.cl UNSIGNED_INT8", line("dst", [min(v, 255) for v in uvals]))
    print("formats.cl UNSIGNED_INT16", line("dst", [min(v, 65535) for v in uvals]))
    print("formats.cl UNSIGNED_INT32", line("dst", uvals))


def blur():
    # 4x4 R FLOAT, pixel (x, y) = (x * x + 3 * y) / 4; 3x3 box at pixel centres,
    # CLAMP_TO_EDGE nearest; sum in dy-major, dx-minor order, then divided by 9.
    w, h = 4, 4
    px = {(x, y): f32((x * x + 3 * y) / 4.0) for x in range(w) for y in range(h)}
    out = []
    for y in range(h):
        for x in range(w):
            s = 0.0
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    cx = min(max(x + dx, 0), w - 1)
                    cy = min(max(y + dy, 0), h - 1)
                    s = f32(s + px[(cx, cy)])
            out.append(g7(f32(s / 9.0)))
    print("blur.cl", line("dst", out))
    print("blur.cl input", ",".join(g7(px[(x, y)]) for y in range(h) for x in range(w)))


def sobel():
    # 5x4 UNSIGNED_INT8 R, pixel (x, y) = 9x + 13y + (5xy mod 11); CLAMP_TO_EDGE. The
    # kernel writes |gx| + |gy| with write_imageui, which saturates at 255.
    w, h = 5, 4
    p = {(x, y): 9 * x + 13 * y + (5 * x * y) % 11 for x in range(w) for y in range(h)}

    def at(x, y):
        return p[(min(max(x, 0), w - 1), min(max(y, 0), h - 1))]
    out = []
    for y in range(h):
        for x in range(w):
            gx = (at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1)
                  - at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1))
            gy = (at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1)
                  - at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1))
            out.append(min(abs(gx) + abs(gy), 255))
    print("sobel.cl", line("dst", out))
    print("sobel.cl input", ",".join(str(p[(x, y)]) for y in range(h) for x in range(w)))


if __name__ == "__main__":
    addressing()
    linear2d()
    formats()
    blur()
    sobel()
