#!/usr/bin/env python3
"""Probe llvm-mc 14 for MIMG opcodes (bootstrap of the MIMG rows of isa/gcn.isa).

Prints rows `MIMG name ops... vdata:N vaddr:N srsrc:8 [ssamp:4]` for the image
instructions libLLVM names, with the first operand template llvm-mc accepts per arch.
Usage: python3 tools/probe_mimg.py >> isa/gcn.isa   (then regenerate the table)
"""
import re, subprocess

CPUS = [("GFX6", "tahiti"), ("GFX7", "bonaire"), ("GFX8", "tonga"), ("GFX9", "gfx900"), ("GFX906", "gfx906")]
LIB = "/lib/x86_64-linux-gnu/libLLVM-14.so.1"

def names():
    out = subprocess.run(["strings", "-n", "4", LIB], capture_output=True, text=True).stdout
    return sorted(set(t for t in re.split(r"[^a-z0-9_]", out) if re.match(r"^image_[a-z0-9_]+$", t)))

def vreg(n, w):
    return f"v{n}" if w == 1 else f"v[{n}:{n + w - 1}]"

TEMPLATES = []
for wa in (4, 2, 1, 3):
    TEMPLATES.append((f"v[1:4], {vreg(10, wa)}, s[8:15] dmask:0xf unorm", f"vdata:4 vaddr:{wa} srsrc:8"))
    TEMPLATES.append((f"v[1:4], {vreg(10, wa)}, s[8:15], s[16:19] dmask:0xf", f"vdata:4 vaddr:{wa} srsrc:8 ssamp:4"))
    TEMPLATES.append((f"v1, {vreg(10, wa)}, s[8:15] dmask:0x1 unorm glc", f"vdata:1 vaddr:{wa} srsrc:8"))
    TEMPLATES.append((f"v[1:2], {vreg(10, wa)}, s[8:15] dmask:0x3 unorm glc", f"vdata:2 vaddr:{wa} srsrc:8"))

def main():
    nm = names()
    table = {}
    for arch, cpu in CPUS:
        lines, owners = [], []
        for n in nm:
            for t, shape in TEMPLATES:
                lines.append(f"{n} {t}"); owners.append((n, shape))
        p = subprocess.run(["llvm-mc", "-arch=amdgcn", f"-mcpu={cpu}", "-show-encoding"], input="\n".join(lines) + "\n", capture_output=True, text=True)
        bad = set(int(m.group(1)) for m in re.finditer(r"<stdin>:(\d+):\d+: error", p.stderr))
        encs = [m.group(1) for m in re.finditer(r"encoding: \[([^\]]*)\]", p.stdout)]
        good = [i for i in range(1, len(lines) + 1) if i not in bad]
        assert len(good) == len(encs)
        seen = set()
        for i, e in zip(good, encs):
            n, shape = owners[i - 1]
            if n in seen:
                continue
            seen.add(n)
            w = int.from_bytes(bytes(int(x, 16) for x in e.split(",")[:4]), "little")
            if w >> 26 != 0b111100:
                continue
            table.setdefault((n, shape), {})[arch] = (w >> 18) & 0x7F
    for (n, shape), ops in sorted(table.items(), key=lambda kv: (min(kv[1].values()), kv[0][0])):
        cols = " ".join(f"{ops[a]:>3}" if a in ops else "  -" for a, _ in CPUS)
        print(f"MIMG    {n:<32} {cols}  {shape}")

main()
