#!/usr/bin/env python3
"""Generates the compile-scale programs into a directory:

- big.cl: a hashing-tool-shaped program, 40,000 lines: five shared include files,
  250 helpers of about 160 lines each (each calling an earlier one), two kernels;
- chain.cl: 5,000 helpers, each calling the one before;
- many.cl: 2,000 one-line kernels.

Usage: gen.py OUT_DIR; then run.sh OUT_DIR times `kauai build` on each.
"""
import random
import sys
from pathlib import Path

out_dir = Path(sys.argv[1] if len(sys.argv) > 1 else "gen")
out_dir.mkdir(parents=True, exist_ok=True)
rng = random.Random(1)

nfun, lines_target = 250, 40000
for h in range(5):
    (out_dir / f"inc{h}.h").write_text(
        f"#ifndef INC{h}\n#define INC{h}\n"
        f"#define ROTL{h}(x, n) (((x) << (n)) | ((x) >> (32 - (n))))\n#endif\n"
    )
lines = [f'#include "inc{h}.h"' for h in range(5)]
per = lines_target // nfun
for i in range(nfun):
    lines.append(f"uint f{i}(uint a, uint b) {{")
    lines.append("    uint s = a ^ b;")
    for k in range(per - 4):
        op = rng.choice(["+", "^", "|", "&"])
        lines.append(f"    s = ROTL{k % 5}(s, {rng.randint(1, 31)}) {op} (a + {k}u);")
    if i > 0:
        lines.append(f"    s += f{rng.randint(0, i - 1)}(s, b);")
    lines.append("    return s;")
    lines.append("}")
for k in range(2):
    lines.append(f"__kernel void k{k}(__global uint *o) {{")
    lines.append(f"    o[get_global_id(0)] = f{nfun - 1 - k}(get_global_id(0), {k}u);")
    lines.append("}")
(out_dir / "big.cl").write_text("\n".join(lines) + "\n")

n = 5000
chain = ["int h0(int x) { return x + 1; }"]
chain += [f"int h{i}(int x) {{ return h{i - 1}(x) + 1; }}" for i in range(1, n)]
chain.append(f"__kernel void k(__global int *o) {{ o[get_global_id(0)] = h{n - 1}(0); }}")
(out_dir / "chain.cl").write_text("\n".join(chain) + "\n")

many = [f"__kernel void k{i}(__global int *o) {{ o[get_global_id(0)] = {i}; }}" for i in range(2000)]
(out_dir / "many.cl").write_text("\n".join(many) + "\n")
print(f"wrote {out_dir}/big.cl ({len(lines)} lines), chain.cl, many.cl")
