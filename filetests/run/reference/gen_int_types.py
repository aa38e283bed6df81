"""Writes ../types/<T>_ops.cl for the eight integer types, with expectations from cref.

Run from this directory: python3 gen_int_types.py. The kernel text is the same for each
type; the inputs are chosen per type to hit wrap-around (narrow and unsigned types) while
never overflowing int/long arithmetic (signed overflow is undefined in OpenCL C).
"""
from cref import INT_TYPES, wrap, cdiv, cmod, line

INPUTS = {
    "char": ([100, -100, 127, -128, 7, -7], [100, 3, 1, -1, -2, 2]),
    "uchar": ([200, 255, 0, 17, 128, 99], [100, 2, 1, 255, 3, 7]),
    "short": ([30000, -32768, 32767, -1234, 7, 300], [30000, -1, 2, 10, -3, 300]),
    "ushort": ([65535, 40000, 0, 1234, 50000, 7], [1, 40000, 3, 4321, 7, 65535]),
    "int": ([1000000, -1000000, 46340, -46341, 7, -2147483647], [2147, -2147, 46340, 46340, -2, -1]),
    "uint": ([4294967295, 3000000000, 0, 65536, 7, 123456789], [1, 3000000000, 5, 65536, 4294967295, 1000]),
    "long": ([4000000000000, -4000000000000, 9007199254740991, -3037000499, 7, -7],
             [1000000, -1000000, 1, 3037000499, -2, 2]),
    "ulong": ([9007199254740992, 4294967296, 0, 12345678901, 7, 1],
              [4095, 4294967296, 3, 10000, 9007199254740992, 2]),
}

KERNEL = """// Element-wise {t} arithmetic, one work-item per input pair, ten results each:
// + - * / % & | ^~ >>3 and a comparison code ((x < y) + 2 * (x == y)).
// {why}
// Expected values: filetests/run/reference/gen_int_types.py (a model of C integer
// semantics: promotion to int, wrap-around on conversion back, division truncating
// toward zero, arithmetic right shift of negative values), never Kauai's output.
// RUN: kauai oclc -execute -enqueue {t}_ops -arg a,{a} -arg b,{b} -print out,60 -global 6 -local 2 %s
// CHECK: {check}

__kernel void {t}_ops(__global const {t} *a, __global const {t} *b, __global {t} *out)
{{
    size_t i = get_global_id(0);
    {t} x = a[i];
    {t} y = b[i];
    __global {t} *o = out + 10 * i;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = x / y;
    o[4] = x % y;
    o[5] = x & y;
    o[6] = x | y;
    o[7] = x ^ ({t})~y;
    o[8] = x >> 3;
    o[9] = (x < y) + 2 * (x == y);
}}
"""

WHY = {
    "char": "char operands are promoted to int, so -128 / -1 is 128, which wraps to -128 when stored.",
    "uchar": "uchar results wrap modulo 256 when stored (200 + 100 = 44, 0 - 1 = 255).",
    "short": "short operands are promoted to int; 30000 + 30000 wraps to -5536 when stored.",
    "ushort": "ushort results wrap modulo 65536 when stored (65535 + 1 = 0).",
    "int": "Inputs keep every +, -, * inside int's range (signed overflow is undefined).",
    "uint": "uint arithmetic wraps modulo 2^32 (4294967295 + 1 = 0, 0 - 5 = 4294967291).",
    "long": "64-bit signed arithmetic; inputs keep every result inside long's range and every input exact in a double (oclc lists are doubles).",
    "ulong": "ulong arithmetic wraps modulo 2^64 (2^32 * 2^32 = 0); inputs stay at or below 2^53 so the oclc list is exact.",
}

for t, (a, b) in INPUTS.items():
    bits, signed = INT_TYPES[t]
    promoted = bits < 32
    out = []
    for x, y in zip(a, b):
        assert wrap(x, bits, signed) == x and wrap(y, bits, signed) == y
        r = [x + y, x - y, x * y, cdiv(x, y), cmod(x, y), x & y, x | y,
             x ^ wrap(~y, bits, signed), x >> 3, int(x < y) + 2 * int(x == y)]
        if signed and not promoted:
            for v in r[:5]:
                assert wrap(v, bits, True) == v, (t, x, y, v)
        out += [wrap(v, bits, signed) for v in r]
    text = KERNEL.format(t=t, a=",".join(map(str, a)), b=",".join(map(str, b)),
                         check=line("out", out), why=WHY[t])
    open(f"../types/{t}_ops.cl", "w").write(text)
    print(t, "ok")
