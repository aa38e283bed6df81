#!/usr/bin/env python3
"""Freeze test vectors from CLRX's own test tables as data for `tests/clrx_vectors.rs`.

CLRX keeps its encoder and decoder expectations as C arrays in
`tests/amdasm/GCNAsmOpc*.cpp` ({source, word0, word1, twoWords, good, errors}) and
`tests/amdasm/GCNDisasmOpc*.cpp` ({word0, word1, twoWords, text}). This script reads
slices of those files (saved locally; the slices and their origin are given on the
command line), extracts the tables with a small tokenizer (string literals with
concatenation, numbers and their products such as `17*35`, true/false/nullptr) and
writes one line per case:

  asm:    ok WORD0 [WORD1] | SOURCE        or    err | SOURCE | CLRX'S MESSAGE
  disasm: WORD0 [WORD1] | TEXT

SOURCE and TEXT escape backslash as `\\\\` and newline as `\\n`. Words are hex.

Usage (from crates/gcn):
  python3 tools/clrx_vectors.py SLICE ORIGIN OUT [TABLE]
A SLICE normally contains the table's declaration (`decGCNOpcodeGCN12Cases[] = {`).
With TABLE, the SLICE is a run of whole entries cut from inside that table (e.g. one
`/* SMEM encoding */` section), so a section can be frozen without its whole table.
e.g.
  python3 tools/clrx_vectors.py /tmp/clrx/GCNAsmOpc11.part_exp \\
      "CLRX/CLRX-mirror tests/amdasm/GCNAsmOpc11.cpp @0185275c chars 184000-198260" \\
      tests/data/clrx/asm_gcn11_exp_flat.txt
"""
import re
import sys

# Which device each CLRX table is run on (CLRX's runners: GCNAsmOpcodes.cpp,
# GCNDisasmOpcodes.cpp).
TABLE_GPU = {
    "encGCNOpcodeCases": "pitcairn",
    "encGCN11OpcodeCases": "bonaire",
    "encGCN12OpcodeCases": "tonga",
    "encGCN14OpcodeCases": "gfx900",
    "encGCN141OpcodeCases": "gfx906",
    "decGCNOpcodeCases": "pitcairn",
    "decGCNOpcodeGCN11Cases": "hawaii",
    "decGCNOpcodeGCN12Cases": "tonga",
    "decGCNOpcodeGCN14Cases": "gfx900",
    "decGCNOpcodeGCN141Cases": "gfx906",
}

TOKEN = re.compile(
    r'"(?:[^"\\]|\\.)*"|/\*.*?\*/|//[^\n]*|0[xX][0-9a-fA-F]+[uU]?|\d+[uU]?|[A-Za-z_]\w*|[{}\[\],;=*]',
    re.S,
)

ESC = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'", "0": "\0", "a": "\a", "b": "\b",
       "r": "\r", "v": "\v", "f": "\f"}


def c_string(lit):
    body = lit[1:-1]
    out, i = [], 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            e = body[i + 1]
            if e == "x":
                m = re.match(r"[0-9a-fA-F]+", body[i + 2:])
                out.append(chr(int(m.group(0), 16)))
                i += 2 + len(m.group(0))
                continue
            out.append(ESC.get(e, e))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def tokens(text):
    for m in TOKEN.finditer(text):
        t = m.group(0)
        if t.startswith("/*") or t.startswith("//"):
            continue
        yield t


def entries_at(toks, i):
    """Parse `{ {...}, {...} ... }` entries from toks[i] (just inside the outer brace)
    up to the closing brace or the end; return (entries, next index)."""
    entries = []
    while i < len(toks) and toks[i] != "}":
        if toks[i] == "{":
            i += 1
            vals = []
            while i < len(toks) and toks[i] != "}":
                t = toks[i]
                if t.startswith('"'):
                    s = c_string(t)
                    # Adjacent literals concatenate.
                    if vals and isinstance(vals[-1], str) and toks[i - 1].startswith('"'):
                        vals[-1] += s
                    else:
                        vals.append(s)
                elif t in ("true", "false"):
                    vals.append(t == "true")
                elif t == "nullptr":
                    vals.append(None)
                elif t[0].isdigit():
                    v = int(t.rstrip("uU"), 0)
                    # A product of constants (`17*35`) is one value.
                    if toks[i - 1] == "*" and vals and isinstance(vals[-1], int):
                        vals[-1] *= v
                    else:
                        vals.append(v)
                i += 1
            if i == len(toks):
                break  # an entry cut by the end of the slice
            entries.append(vals)
        i += 1
    return entries, i


def tables(text, table=None):
    """Yield (array name, [entries]) where an entry is a list of values. With `table`,
    the text is a run of entries from inside that array."""
    toks = list(tokens(text))
    if table is not None:
        yield table, entries_at(toks, 0)[0]
        return
    i = 0
    while i < len(toks):
        if toks[i] in TABLE_GPU and i + 3 < len(toks) and toks[i + 1] == "[":
            name = toks[i]
            while toks[i] != "{":
                i += 1
            entries, i = entries_at(toks, i + 1)
            yield name, entries
        i += 1


def esc(s):
    return s.replace("\\", "\\\\").replace("\n", "\\n")


def main():
    src, origin, out = sys.argv[1:4]
    table = sys.argv[4] if len(sys.argv) > 4 else None
    if table is not None and table not in TABLE_GPU:
        sys.exit(f"unknown table {table}; known: {', '.join(TABLE_GPU)}")
    text = open(src).read()
    lines = [f"# Frozen by tools/clrx_vectors.py from {origin}.", "# Do not edit; regenerate."]
    for name, entries in tables(text, table):
        lines.append(f"@gpu {TABLE_GPU[name]}  # {name}")
        for e in entries:
            if name.startswith("enc"):
                if e[0] is None:
                    continue
                source, w0, w1, two, good, errs = e
                if good:
                    words = f"{w0:08x}" + (f" {w1:08x}" if two else "")
                    lines.append(f"ok {words} | {esc(source)}")
                else:
                    lines.append(f"err | {esc(source)} | {esc((errs or '').strip())}")
            else:
                w0, w1, two, text_ = e
                words = f"{w0:08x}" + (f" {w1:08x}" if two else "")
                lines.append(f"{words} | {esc(text_.strip())}")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
