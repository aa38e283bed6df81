#!/usr/bin/env python3
"""Probe llvm-mc 14 for GCN opcode numbers and operand shapes; writes isa/gcn.isa.

Why: the ISA table is one hand-editable data file; this script produced its first
version from the LLVM assembler (an oracle for opcode numbers and register widths).
Names are the AMDGPU mnemonics found in libLLVM; every name is tried with operand
templates per encoding family, and the bytes of the accepted forms give the encoding
class, opcode and the role of each operand (register numbers are distinct per
position, so the fields they land in name the roles).

Usage: python3 tools/probe_isa.py > isa/gcn.isa   (run from crates/gcn)
"""
import itertools, re, subprocess, sys

CPUS = [("GFX6", "tahiti"), ("GFX7", "bonaire"), ("GFX8", "tonga"), ("GFX9", "gfx900"), ("GFX906", "gfx906")]
LIB = "/lib/x86_64-linux-gnu/libLLVM-14.so.1"

def names():
    out = subprocess.run(["strings", "-n", "4", LIB], capture_output=True, text=True).stdout
    found = set()
    for tok in re.split(r"[^a-z0-9_]", out):
        if re.match(r"^(s|v|ds|buffer|tbuffer|flat|global|scratch)_[a-z0-9_]+$", tok):
            tok = re.sub(r"_(e32|e64|sdwa|dpp|dpp8|vi|si|gfx9|gfx10)$", "", tok)
            if "pad_s_nop" in tok: continue
            found.add(tok)
    return sorted(found)

def sreg(n, w):
    return f"s{n}" if w == 1 else f"s[{n}:{n+w-1}]"

def vreg(n, w):
    return f"v{n}" if w == 1 else f"v[{n}:{n+w-1}]"

W12 = (1, 2)
W124 = (1, 2, 4)
W1234 = (1, 2, 3, 4)

def templates(name):
    t = []
    if name.startswith("s_"):
        for k in range(0, 4):
            for ws in itertools.product(W12, repeat=k):
                t.append(", ".join(sreg(2 + 2 * i if k > 1 else 4, w) for i, w in enumerate(ws)))
        t += ["s2, 0x1234", "s[2:3], 0x10", "0x10", "s2, hwreg(HW_REG_MODE, 0, 32)",
              "hwreg(HW_REG_MODE, 0, 32), s2", "hwreg(HW_REG_MODE, 0, 32), 0x1234", "s4, 0x10",
              "s4, 0x1234", "s4, 3"]
        for wd in (1, 2, 4, 8, 16):
            for wb in (2, 4):
                t.append(f"{sreg(8, wd)}, {sreg(4, wb)}, 0x4")
        t += ["7, s[4:5], 0x4", "s[4:5], 0x4"]
    elif name.startswith("v_"):
        # e32 / VOPC / VOP2 special forms first (carry forms before plain ones, as
        # llvm-mc also takes them without the explicit vcc), then VOP3 forms
        t += ["v2, v4, v6, vcc", "v2, vcc, v4, v6, vcc", "v2, vcc, v4, v6"]
        for k in range(0, 3):
            for ws in itertools.product(W124, repeat=k + 1):
                t.append(", ".join(vreg(2 + 2 * i, w) if i else vreg(2, w) for i, w in enumerate(ws)))
        for ws in itertools.product(W12, repeat=2):
            t.append(f"vcc, {vreg(4, ws[0])}, {vreg(6, ws[1])}")
        t += ["v2, v4, v6, vcc", "v2, vcc, v4, v6", "v2, vcc, v4, v6, vcc", "v2, v4, 0x1234, v6",
              "v2, v4, v6, 0x1234", "s2, v4", "s2, v4, s6", "v2, s4, s6", "v2, s4"]
        for k in range(0, 4):
            for ws in itertools.product(W124, repeat=k + 1):
                t.append("E64 " + ", ".join(vreg(2 + 2 * i, w) for i, w in enumerate(ws)))
        for ws in itertools.product(W12, repeat=2):
            t.append(f"E64 s[2:3], {vreg(4, ws[0])}, {vreg(6, ws[1])}")
        for ws in itertools.product(W12, repeat=3):
            t.append(f"E64 {vreg(2, ws[0])}, s[10:11], {vreg(4, ws[1])}, {vreg(6, ws[2])}")
            t.append(f"E64 {vreg(2, ws[0])}, s[10:11], {vreg(4, ws[1])}, {vreg(6, ws[2])}, s[12:13]")
        t += ["E64 v2, v4, v6, s[10:11]", "E64 v2, s[10:11], v4, v6, s[12:13]"]
    elif name.startswith("ds_"):
        t.append("")
        for k in range(1, 5):
            for ws in itertools.product(W1234, repeat=k):
                t.append(", ".join(vreg(2 + 2 * i, w) for i, w in enumerate(ws)))
        t += ["v2 gds", "v2, v4 gds", "gds", "v2, v4, v6 gds"]
    elif name.startswith("buffer_") or name.startswith("tbuffer_"):
        fmt = " format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]" if name.startswith("t") else ""
        t.append("")
        for w in W1234:
            t.append(f"{vreg(4, w)}, v2, s[8:11], s12{fmt} offen")
    elif name.startswith("flat_"):
        for w in W1234:
            t += [f"{vreg(2, w)}, v[4:5]", f"v[4:5], {vreg(6, w)}", f"{vreg(2, w)}, v[4:5], {vreg(6, w)} glc",
                  f"{vreg(2, w)}, v[4:5], {vreg(6, 2 * w)} glc", f"v[4:5], {vreg(6, 2 * w)}"]
    elif name.startswith("global_") or name.startswith("scratch_"):
        a = "v[4:5]" if name.startswith("g") else "v4"
        for w in W1234:
            t += [f"{vreg(2, w)}, {a}, off", f"{a}, {vreg(6, w)}, off", f"{vreg(2, w)}, {a}, {vreg(6, w)}, off glc",
                  f"{vreg(2, w)}, {a}, {vreg(6, 2 * w)}, off glc", f"{a}, {vreg(6, 2 * w)}, off"]
    return t

def line_for(name, tmpl):
    if tmpl.startswith("E64 "):
        return f"{name}_e64 {tmpl[4:]}"
    return f"{name} {tmpl}".rstrip()

def run(cpu, lines):
    src = "\n".join(lines) + "\n"
    p = subprocess.run(["llvm-mc", "-arch=amdgcn", f"-mcpu={cpu}", "-show-encoding"],
                       input=src, capture_output=True, text=True)
    bad = set(int(m.group(1)) for m in re.finditer(r"<stdin>:(\d+):\d+: error", p.stderr))
    encs = [m.group(1) for m in re.finditer(r"encoding: \[([^\]]*)\]", p.stdout)]
    good = [i for i in range(1, len(lines) + 1) if i not in bad]
    if len(good) != len(encs):
        sys.exit(f"{cpu}: {len(good)} accepted lines but {len(encs)} encodings")
    res = {}
    for i, e in zip(good, encs):
        bs = bytes(int(x, 16) for x in e.split(","))
        res[i - 1] = bs
    return res

def u32(bs, off=0):
    return int.from_bytes(bs[off:off + 4], "little")

def classify(arch, bs):
    """Encoding class and opcode of the first instruction word(s)."""
    w = u32(bs)
    gfx8 = arch in ("GFX8", "GFX9", "GFX906")
    if w >> 23 == 0b101111101: return "SOP1", (w >> 8) & 0xFF
    if w >> 23 == 0b101111110: return "SOPC", (w >> 16) & 0x7F
    if w >> 23 == 0b101111111: return "SOPP", (w >> 16) & 0x7F
    if w >> 28 == 0b1011: return "SOPK", (w >> 23) & 0x1F
    if w >> 30 == 0b10: return "SOP2", (w >> 23) & 0x7F
    if w >> 25 == 0b0111111: return "VOP1", (w >> 9) & 0xFF
    if w >> 25 == 0b0111110: return "VOPC", (w >> 17) & 0xFF
    if w >> 31 == 0: return "VOP2", (w >> 25) & 0x3F
    if not gfx8 and w >> 27 == 0b11000: return "SMRD", (w >> 22) & 0x1F
    if gfx8 and w >> 26 == 0b110000: return "SMEM", (w >> 18) & 0xFF
    if arch in ("GFX9", "GFX906") and w >> 23 == 0b110100111: return "VOP3P", (w >> 16) & 0x7F
    if w >> 26 == 0b110100:
        return "VOP3", ((w >> 16) & 0x3FF) if gfx8 else ((w >> 17) & 0x1FF)
    if w >> 26 == 0b110110:
        return "DS", ((w >> 17) & 0xFF) if gfx8 else ((w >> 18) & 0xFF)
    if w >> 26 == 0b111000: return "MUBUF", (w >> 18) & 0x7F
    if w >> 26 == 0b111010:
        return "MTBUF", ((w >> 15) & 0xF) if gfx8 else ((w >> 16) & 0x7)
    if w >> 26 == 0b110111:
        seg = (w >> 14) & 3 if arch in ("GFX9", "GFX906") else 0
        return ["FLAT", "SCRATCH", "GLOBAL", "?"][seg], (w >> 18) & 0x7F
    return "?", 0

def shape(cls, arch, line, bs):
    """Operand roles and widths in text order, e.g. 'sdst:1 ssrc0:2'."""
    ops = line.split(" ", 1)[1] if " " in line else ""
    ops = re.sub(r"\b(glc|gds|offen|off)\b", "", ops)
    ops = re.sub(r"format:\[[^\]]*\]", "", ops)
    ops = re.sub(r"hwreg\([^)]*\)", "hwreg", ops)
    toks = [o.strip() for o in ops.split(",") if o.strip()]
    w = u32(bs)
    w1 = u32(bs, 4) if len(bs) >= 8 else 0
    gfx8 = arch in ("GFX8", "GFX9", "GFX906")
    roles = []
    def width(tok):
        m = re.match(r"^[sv]\[(\d+):(\d+)\]$", tok)
        return int(m.group(2)) - int(m.group(1)) + 1 if m else 1
    def regno(tok):
        m = re.match(r"^[sv]\[?(\d+)", tok)
        return int(m.group(1)) if m else None
    if cls in ("SOP2", "SOP1", "SOPC"):
        fields = {"sdst": (w >> 16) & 0x7F, "ssrc0": w & 0xFF, "ssrc1": (w >> 8) & 0xFF}
        if cls == "SOP1": del fields["ssrc1"]
        if cls == "SOPC": del fields["sdst"]
        used = set()
        for tok in toks:
            n = regno(tok)
            cand = [r for r, v in fields.items() if v == n and r not in used]
            if not cand:
                if tok.startswith("0x") or tok.isdigit():
                    roles.append("simm4:1" if cls == "SOPC" else "?"); continue
                return None
            used.add(cand[0]); roles.append(f"{cand[0]}:{width(tok)}")
    elif cls == "SOPK":
        for tok in toks:
            if tok == "hwreg": roles.append("hwreg:1")
            elif tok.startswith("s"): roles.append(f"sdst:{width(tok)}")
            elif tok == "0x10": roles.append("label:1")
            else: roles.append("simm16:1")
        if "hwreg:1" in roles and len(bs) == 8 and roles[-1] == "simm16:1": roles[-1] = "lit:1"
    elif cls == "SOPP":
        name = line.split(" ")[0]
        kind = "simm16"
        if name.startswith("s_cbranch") or name == "s_branch": kind = "label"
        if name == "s_waitcnt": kind = "waitcnt"
        if name.startswith("s_sendmsg"): kind = "sendmsg"
        roles = [f"{kind}:1"] if toks else []
    elif cls in ("SMRD", "SMEM"):
        if "sbase" not in " ".join(toks) and False: pass
        for tok in toks:
            if tok == "s[4:5]" or tok == "s[4:7]": roles.append(f"sbase:{width(tok)}")
            elif tok.startswith("s"): roles.append(f"sdata:{width(tok)}")
            elif tok == "0x4": roles.append("offset:1")
            elif tok == "7": roles.append("sdatak:1")
        if roles == ["sbase:2"]: roles = ["sdata:2"]
        if any(r.startswith("sbase") for r in roles) and "offset:1" not in roles:
            roles.append("offset:1")
    elif cls in ("VOP1", "VOP2", "VOPC", "VOP3", "VOP3P"):
        if cls in ("VOP3", "VOP3P"):
            src = [w1 & 0x1FF, (w1 >> 9) & 0x1FF, (w1 >> 18) & 0x1FF]
            fields = {"vdst": 256 + (w & 0xFF), "sdst": (w >> 8) & 0x7F,
                      "src0": src[0], "src1": src[1], "src2": src[2]}
        elif cls == "VOP2":
            fields = {"vdst": 256 + ((w >> 17) & 0xFF), "src0": w & 0x1FF, "vsrc1": 256 + ((w >> 9) & 0xFF)}
        elif cls == "VOP1":
            fields = {"vdst": 256 + ((w >> 17) & 0xFF), "src0": w & 0x1FF}
        else:
            fields = {"src0": w & 0x1FF, "vsrc1": 256 + ((w >> 9) & 0xFF)}
        used = set()
        for tok in toks:
            if tok == "vcc": roles.append("vcc:2"); continue
            if tok.startswith("0x"): roles.append("lit:1"); continue
            n = regno(tok)
            if n is None: return None
            code = n + 256 if tok.startswith("v") else n
            cand = [r for r, v in fields.items() if r not in used and (v == code or (r in ("vdst", "sdst") and v == n and tok.startswith("s") and r == "sdst") or (r == "vdst" and tok.startswith("s") and (w & 0xFF) == n and cls == "VOP3"))]
            if not cand:
                if cls in ("VOP1", "VOP2") and tok.startswith("s") and ((w >> 17) & 0xFF) == n:
                    cand = ["vdst"]
                else:
                    return None
            used.add(cand[0])
            role = cand[0]
            if tok.startswith("s") and role == "vdst": role = "sdstv"
            roles.append(f"{role}:{width(tok)}")
    elif cls == "DS":
        fields = {"addr": w1 & 0xFF, "data0": (w1 >> 8) & 0xFF, "data1": (w1 >> 16) & 0xFF, "vdst": (w1 >> 24) & 0xFF}
        used = set()
        for tok in toks:
            n = regno(tok)
            cand = [r for r, v in fields.items() if v == n and r not in used and n != 0]
            if not cand: return None
            used.add(cand[0]); roles.append(f"{cand[0]}:{width(tok)}")
        if "gds" in line.split(" ", 1)[-1].split(): roles.append("gds:1")
    elif cls in ("MUBUF", "MTBUF"):
        if toks: roles = [f"vdata:{width(toks[0])}"]
    elif cls in ("FLAT", "GLOBAL", "SCRATCH"):
        fields = {"addr": w1 & 0xFF, "data": (w1 >> 8) & 0xFF, "vdst": (w1 >> 24) & 0xFF}
        used = set()
        for tok in toks:
            n = regno(tok)
            cand = [r for r, v in fields.items() if v == n and r not in used]
            if not cand: return None
            used.add(cand[0]); roles.append(f"{cand[0]}:{width(tok)}")
    else:
        return None
    name = line.split(" ")[0]
    if name == "s_getreg_b32": roles = ["sdst:1", "hwreg:1"]
    # Atomics return the old value only with glc; the row carries the destination.
    if cls in ("FLAT", "GLOBAL", "SCRATCH") and "_atomic_" in name and not any(r.startswith("vdst") for r in roles):
        dw = int([r for r in roles if r.startswith("data:")][0].split(":")[1])
        if "cmpswap" in name: dw //= 2
        roles = [f"vdst:{dw}"] + roles
    return " ".join(roles) if roles else "-"

def main():
    nm = names()
    table = {}  # (cls, name, shape) -> {arch: opcode}
    for arch, cpu in CPUS:
        lines, owners = [], []
        for n in nm:
            for t in templates(n):
                lines.append(line_for(n, t)); owners.append(n)
        res = run(cpu, lines)
        seen = set()
        for i, bs in sorted(res.items()):
            n = owners[i]
            cls, op = classify(arch, bs)
            if cls == "?": continue
            sh = shape(cls, arch, lines[i], bs)
            if sh is None or "?" in sh: continue
            key = (cls, n)
            if key in seen: continue
            seen.add(key)
            table.setdefault((cls, n, sh), {})[arch] = op
        print(f"{arch}: {len(seen)} forms", file=sys.stderr)
    order = ["SOP2", "SOPK", "SOP1", "SOPC", "SOPP", "SMRD", "SMEM", "VOP2", "VOP1", "VOPC", "VOP3", "VOP3P",
             "DS", "MUBUF", "MTBUF", "FLAT", "GLOBAL", "SCRATCH"]
    print("# GCN instruction table: one row per (encoding, mnemonic, operand shape).")
    print("# Columns: encoding mnemonic GFX6 GFX7 GFX8 GFX9 GFX906 operands ('-' = absent).")
    print("# First produced by tools/probe_isa.py from llvm-mc 14; edited by hand since.")
    print("# Operand roles: see src/isa.rs (Role). role:dwords, in assembly text order.")
    rows = sorted(table.items(), key=lambda kv: (order.index(kv[0][0]), min(kv[1].values()), kv[0][1]))
    for (cls, n, sh), ops in rows:
        cols = " ".join(f"{ops[a]:>3}" if a in ops else "  -" for a, _ in CPUS)
        print(f"{cls:<7} {n:<32} {cols}  {sh}")

main()
