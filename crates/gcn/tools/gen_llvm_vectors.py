#!/usr/bin/env python3
"""Freeze llvm-mc 14 encodings of generated CLRX-syntax instructions as test vectors.

For every row of isa/gcn.isa and every architecture it exists on, this writes a few
instruction texts (registers, constants, literals, modifiers), converts each to
llvm-mc syntax where the two differ, and keeps the cases llvm-mc accepts with their
encoding. `cargo test` reads the frozen files (tests/data/llvm/*.vec) only.

Usage (from crates/gcn): python3 tools/gen_llvm_vectors.py
"""
import re, subprocess, sys

ARCHS = [("gfx6", "tahiti", 0), ("gfx7", "hawaii", 1), ("gfx8", "tonga", 2), ("gfx9", "gfx900", 3), ("gfx906", "gfx906", 4)]

def rows():
    for line in open("isa/gcn.isa"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        f = line.split()
        ops = [] if f[7] == "-" else [tuple(x.split(":")) for x in f[7:]]
        ops = [(r, int(w)) for r, w in ops]
        if f[0] == "VOPC":
            ops = [("vcc", 2)] + ops  # CLRX writes the implicit destination
        yield f[0], f[1], f[2:7], ops

def reg(p, n, w):
    return f"{p}{n}" if w == 1 else f"{p}[{n}:{n + w - 1}]"

def sreg_aligned(n, w):
    if w >= 4:
        n = (n + 3) // 4 * 4
    elif w == 2:
        n = (n + 1) // 2 * 2
    return reg("s", n, w)

def float_kind(name):
    parts = name.split("_")
    if name.startswith("v_cvt_") and len(parts) >= 4:
        t = parts[-1]
    else:
        t = next((p for p in reversed(parts) if p in ("f16", "f32", "f64")), None)
    return t if t in ("f16", "f32", "f64") else None

def mimg_cases(name, ops, arch):
    roles = dict(ops)
    w = roles.get("vdata", 1)
    wa = roles.get("vaddr", 1)
    samp = ", s[16:19]" if "ssamp" in roles else ""
    extra = "" if samp else " unorm"
    if "atomic" in name:
        extra += " glc"
    out = []
    for dmask, vw, more in ((((1 << w) - 1), w, ""), (0x5, 2, " da slc")):
        if "atomic" in name and vw != w:
            continue
        t = f"{name} {reg('v', 1, vw)}, {reg('v', 10, wa)}, s[8:15]{samp} dmask:{dmask:#x}{extra}{more}"
        out.append((t, t))
    return out

def cases(enc, name, ops, arch):
    """(clrx text, llvm text) pairs for one row."""
    if enc == "MIMG":
        return mimg_cases(name, ops, arch)
    out = []
    gfx9 = arch >= 3
    def base_ops(variant):
        c, l = [], []
        src_i = 0
        for role, w in ops:
            if role in ("sdst", "sdata", "sdstv") and enc not in ("VOP3",):
                t = sreg_aligned(8, w)
            elif role == "sdst":  # VOP3b carry out
                t = sreg_aligned(10, w)
            elif role == "sdstv":
                t = sreg_aligned(10, w)
            elif role == "ssrc0":
                t = "0x12345" if variant == "lit" else ("-7" if variant == "const" else sreg_aligned(4, w))
            elif role == "ssrc1":
                t = sreg_aligned(6, w)
            elif role == "simm4":
                t = "3"
            elif role == "sbase":
                t = sreg_aligned(4, w)
            elif role == "offset":
                t = "s3" if variant == "sreg" else "0x10"
            elif role == "sdatak":
                t = "7"
            elif role == "vdst":
                t = reg("v", 1, w)
            elif role == "vcc":
                t = "vcc"
            elif role in ("src0", "src1", "src2", "vsrc1", "ssrc1v"):
                n = {"src0": 2, "src1": 6, "vsrc1": 6, "src2": 10, "ssrc1v": 6}[role]
                if role == "ssrc1v":
                    t = "s6"
                elif role == "src0" and variant == "lit":
                    t = "0x12345"
                elif role == "src0" and variant == "sreg":
                    t = sreg_aligned(4, w)
                elif role == "src0" and variant == "const":
                    t = "0.5" if float_kind(name) else "-7"
                elif role == "src1" and variant == "sreg" and enc == "VOP3":
                    t = sreg_aligned(4, w)
                else:
                    t = reg("v", n, w)
                if variant == "mods" and enc == "VOP3" and role in ("src0", "src1", "src2"):
                    t = [f"-{t}", f"|{t}|", f"-|{t}|"][src_i % 3]
                if role in ("src0", "src1", "src2"):
                    src_i += 1
            elif role == "lit":
                t = "0x42f60000"
            elif role in ("addr",):
                t = reg("v", 2, w) if enc == "DS" else reg("v", 5, w)
            elif role == "data0":
                t = reg("v", 3, w)
            elif role == "data1":
                t = reg("v", 7, w)
            elif role == "data":
                t = reg("v", 7, w)
            elif role == "vdata":
                t = reg("v", 1, w)
            elif role == "gds":
                continue
            elif role == "vsrc" and enc == "EXP":
                n_v = sum(1 for x in c if x.startswith("v") or x == "off")
                t = "off" if variant == "const" and n_v in (1, 3) else f"v{n_v + 1}"
            elif role == "exptgt":
                t = {"regs": "mrt3", "const": "param5"}.get(variant, "pos1")
            elif role == "vsrc":
                t = "v2"
            elif role == "attr":
                t = "attr3.y"
            elif role == "param":
                t = "p20"
            elif role in ("simm16",):
                t = "0x1234" if not name.startswith("s_set") and name not in ("s_nop",) else "0x3"
            elif role == "hwreg":
                c.append("hwreg(mode, 0, 32)"); l.append("hwreg(HW_REG_MODE, 0, 32)"); continue
            elif role == "waitcnt":
                c.append("vmcnt(1) & lgkmcnt(2)"); l.append("vmcnt(1) & lgkmcnt(2)"); continue
            elif role == "sendmsg":
                c.append("sendmsg(interrupt)"); l.append("sendmsg(MSG_INTERRUPT)"); continue
            elif role == "label":
                c.append(str(4 + 4 * 5)); l.append("5"); continue
            else:
                return None
            c.append(t); l.append(t)
        return c, l
    variants = ["regs"]
    roles = [r for r, _ in ops]
    if enc in ("SOP2", "SOP1", "SOPC") and "ssrc0" in roles:
        variants += ["lit", "const"]
    if enc in ("VOP1", "VOP2", "VOPC") and "src0" in roles:
        variants += ["lit", "const", "sreg"]
    if enc == "VOP3":
        variants += ["const", "sreg"]
        if float_kind(name) and "sdst" not in roles:
            variants += ["mods"]
    if enc in ("SMRD", "SMEM") and "offset" in roles:
        variants += ["sreg"]
    if enc == "VOP3P":
        variants += ["const", "pmods"]
    if enc == "EXP":
        variants += ["const", "done"]
    if enc in ("VOP1", "VOP2", "VOPC") and arch >= 2 and "lit" not in roles and "src0" in roles:
        variants += ["sdwa", "dpp"] + (["sdwas"] if arch >= 3 else [])
        if float_kind(name):
            variants += ["sdwamods", "dppmods"]
    for v in variants:
        r = base_ops(v)
        if r is None:
            continue
        c, l = r
        cm, lm = [], []
        lname = name
        if enc == "VOP3" and v == "mods":
            cm.append("clamp"); lm.append("clamp")
        if enc == "VOP3":
            # CLRX: `vop3` keyword when a shorter encoding exists; llvm: _e64 suffix.
            cm.append("vop3"); lname = name + "_e64"
        if enc == "VOP3P":
            nsrc = sum(1 for r in roles if r in ("src0", "src1", "src2"))
            # Defaults differ: llvm-mc sets op_sel_hi on all three (mix: none), CLRX on
            # present sources only; spell llvm's value out in the CLRX text.
            cm.append("op_sel_hi:[0,0,0]" if "_mix" in name else "op_sel_hi:[1,1,1]")
            if v == "pmods":
                bits = lambda b: "[" + ",".join(str((b >> i) & 1) for i in range(nsrc)) + "]"
                mm = [f"op_sel:{bits(1)}", "clamp"]
                # llvm-mc 14 drops neg_lo on integer packed ops; CLRX encodes them.
                if float_kind(name):
                    mm += [f"neg_lo:{bits(2 if nsrc > 1 else 1)}", f"neg_hi:{bits(1)}"]
                cm += mm; lm += mm
        if v == "sdwas":
            # GCN 1.4 SDWA: scalar source 0, compare into an SGPR pair, omod.
            c = [("s4" if t == "v2" else ("s[4:5]" if t == "v[2:3]" else ("s[10:11]" if t == "vcc" and enc == "VOPC" else t))) for t in c]
            l = list(c)
            lname = name + "_sdwa"
            if enc == "VOPC":
                pairs_ = [("src0_sel:word1", "src0_sel:WORD_1"), ("src1_sel:dword", "src1_sel:DWORD")]
            else:
                pairs_ = [("dst_sel:dword", "dst_sel:DWORD"), ("dst_unused:pad", "dst_unused:UNUSED_PAD"), ("src0_sel:word1", "src0_sel:WORD_1")]
                if float_kind(name):
                    pairs_.append(("mul:2", "mul:2"))
            cm += [a for a, _ in pairs_]; lm += [b for _, b in pairs_]
        if v in ("sdwa", "sdwamods"):
            lname = name + "_sdwa"
            if v == "sdwamods":
                c = [("-" + t if t == "v2" else ("|" + t + "|" if t == "v6" else t)) for t in c]
                l = list(c)
            if enc == "VOPC":
                pairs_ = [("src0_sel:word1", "src0_sel:WORD_1"), ("src1_sel:dword", "src1_sel:DWORD")]
            else:
                pairs_ = [("dst_sel:byte1", "dst_sel:BYTE_1"), ("dst_unused:pad", "dst_unused:UNUSED_PAD"), ("src0_sel:word1", "src0_sel:WORD_1")]
                if enc == "VOP2":
                    pairs_.append(("src1_sel:byte2", "src1_sel:BYTE_2"))
                if v == "sdwamods":
                    pairs_.append(("clamp", "clamp"))
            cm += [a for a, _ in pairs_]; lm += [b for _, b in pairs_]
        if v in ("dpp", "dppmods"):
            lname = name + "_dpp"
            if v == "dppmods":
                c = [("-" + t if t == "v2" else ("|" + t + "|" if t == "v6" else t)) for t in c]
                l = list(c)
                pairs_ = [("row_shr:3", "row_shr:3"), ("row_mask:0xf", "row_mask:0xf"), ("bank_mask:0xf", "bank_mask:0xf")]
            else:
                pairs_ = [("quad_perm:[1,0,3,2]", "quad_perm:[1,0,3,2]"), ("row_mask:0xa", "row_mask:0xa"), ("bank_mask:0x5", "bank_mask:0x5"), ("bound_ctrl", "bound_ctrl:0")]
            cm += [a for a, _ in pairs_]; lm += [b for _, b in pairs_]
        if enc == "EXP" and v == "done":
            cm.append("done vm"); lm.append("done vm")
        if enc == "DS":
            if any(x in name for x in ("read2", "write2", "wrxchg2")):
                cm.append("offset0:1 offset1:2"); lm.append("offset0:1 offset1:2")
            elif ops:
                cm.append("offset:16"); lm.append("offset:16")
            if ("gds", 1) in ops:
                cm.append("gds"); lm.append("gds")
        if enc in ("MUBUF", "MTBUF") and ops:
            c += ["v5", "s[8:11]", "s12"]; l += ["v5", "s[8:11]", "s12"]
            cm.append("offen offset:4"); lm.append("offen offset:4")
            if enc == "MTBUF":
                cm.append("format:[32,float]"); lm.append("format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]")
            if "atomic" in name:
                cm.append("glc"); lm.append("glc")
        if enc in ("GLOBAL", "SCRATCH"):
            c.append("off"); l.append("off")
            cm.append("offset:-8"); lm.append("offset:-8")
        if enc == "FLAT" and gfx9:
            cm.append("offset:8"); lm.append("offset:8")
        if enc in ("FLAT", "GLOBAL", "SCRATCH") and "atomic" in name:
            cm.append("glc"); lm.append("glc")
        if enc in ("FLAT", "GLOBAL", "SCRATCH") and "atomic" not in name:
            cm.append("slc"); lm.append("slc")
        ctext = (name + " " + ", ".join(c) + " " + " ".join(cm)).strip()
        ltext = (lname + " " + ", ".join(l) + " " + " ".join(lm)).strip()
        out.append((re.sub(r"\s+", " ", ctext), re.sub(r"\s+", " ", ltext)))
        if enc in ("MUBUF",) and ops and arch <= 1:
            out.append((f"{name} {c[0]}, v[5:6], s[8:11], 0 addr64", f"{name} {l[0]}, v[5:6], s[8:11], 0 addr64"))
        if enc in ("MUBUF", "MTBUF") and ops and v == "regs":
            f1 = " format:[32,float]" if enc == "MTBUF" else ""
            f2 = " format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]" if enc == "MTBUF" else ""
            out.append((f"{name} {c[0]}, off, s[8:11], 0 offset:12{f1}", f"{name} {l[0]}, off, s[8:11], 0 offset:12{f2}"))
    return out

def run(cpu, texts):
    p = subprocess.run(["llvm-mc", "-arch=amdgcn", f"-mcpu={cpu}", "-show-encoding"], input="\n".join(texts) + "\n",
                       capture_output=True, text=True)
    bad = set(int(m.group(1)) for m in re.finditer(r"<stdin>:(\d+):\d+: error", p.stderr))
    encs = [m.group(1) for m in re.finditer(r"encoding: \[([^\]]*)\]", p.stdout)]
    good = [i for i in range(1, len(texts) + 1) if i not in bad]
    if len(good) != len(encs):
        sys.exit(f"{cpu}: {len(good)} accepted but {len(encs)} encodings")
    return {i - 1: bytes(int(x, 16) for x in e.split(",")) for i, e in zip(good, encs)}

def main():
    ver = subprocess.run(["llvm-mc", "--version"], capture_output=True, text=True).stdout
    ver = next((l.strip() for l in ver.splitlines() if "version" in l), "llvm-mc")
    for arch_name, cpu, ai in ARCHS:
        pairs = []
        for enc, name, opc, ops in rows():
            if opc[ai] == "-":
                continue
            pairs += cases(enc, name, ops, ai)
        res = run(cpu, [l for _, l in pairs])
        with open(f"tests/data/llvm/{arch_name}.vec", "w") as f:
            f.write(f"# Frozen by tools/gen_llvm_vectors.py from {ver}, -mcpu={cpu}.\n")
            f.write("# CLRX-syntax text | instruction words (hex, little-endian dwords). Do not edit.\n")
            n = 0
            for i, (c, _) in enumerate(pairs):
                if i in res:
                    bs = res[i]
                    words = " ".join(f"{int.from_bytes(bs[k:k+4], 'little'):08x}" for k in range(0, len(bs), 4))
                    f.write(f"{c} | {words}\n")
                    n += 1
        print(f"{arch_name}: {n} of {len(pairs)} accepted by llvm-mc", file=sys.stderr)

main()
