"""Second, independent check of the scalar run-tests: compile the kernel as plain C with
gcc (a small shim maps the OpenCL qualifiers and work-item functions), run every
work-item in turn, print with C's printf (%.7g / %.16g) and compare with the CHECK lines.

Only kernels without vectors, barriers, atomics or __local memory qualify (work-items
are independent, so running them one after another is exact). Usage, from this
directory: python3 c_crosscheck.py FILE.cl...   (needs gcc; nothing here calls Kauai)
"""
import os
import re
import subprocess
import sys
import tempfile

SHIM = r"""
#include <stdio.h>
#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>
#include <string.h>
typedef unsigned char uchar; typedef unsigned short ushort;
typedef unsigned int uint; typedef unsigned long ulong;
#define __kernel
#define kernel
#define __global
#define global
#define __constant const
#define constant const
static size_t g_id[3], g_size[3] = {1, 1, 1};
static size_t get_global_id(uint d) { return d < 3 ? g_id[d] : 0; }
static size_t get_global_size(uint d) { return d < 3 ? g_size[d] : 1; }
static uint rotate(uint v, uint s) { s &= 31; return s ? (v << s) | (v >> (32 - s)) : v; }
static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
"""

FMT = {"float": ('"%.7g"', "(double)"), "double": ('"%.16g"', "(double)"),
       "ulong": ('"%llu"', "(unsigned long long)"), "uint": ('"%llu"', "(unsigned long long)"),
       "ushort": ('"%llu"', "(unsigned long long)"), "uchar": ('"%llu"', "(unsigned long long)")}


def expand(text):
    out = []
    def el(s, i):
        for f in ("repeat", "range"):
            if s.startswith(f + "(", i):
                j, depth = i + len(f) + 1, 1
                k = j
                while depth:
                    depth += {"(": 1, ")": -1}.get(s[k], 0)
                    k += 1
                inner = s[j:k - 1]
                if f == "repeat":
                    n, rest = inner.split(",", 1)
                    return expand(rest) * int(n), k
                p = [float(x) for x in inner.split(",")]
                a, b = p[0], p[1]
                step = abs(p[2]) if len(p) > 2 else 1.0
                d = 1 if b >= a else -1
                cnt = int(abs(b - a) / step + 1e-9) + 1
                return [a + d * step * q for q in range(cnt)], k
        k = i
        while k < len(s) and s[k] != ",":
            k += 1
        t = s[i:k]
        return [float(int(t, 16)) if t.lower().startswith("0x") else float(t)], k
    i = 0
    while i < len(text):
        vals, i = el(text, i)
        out += vals
        i += 1  # skip the comma
    return out


def check(path):
    src = open(path).read()
    runs = re.findall(r"^// RUN: (.*)$", src, re.M)
    want = [l for l in re.findall(r"^// CHECK(?:-NEXT)?: (.*)$", src, re.M) if not l.endswith("- match")]
    got = []
    for run in runs:
        words = run.split()
        kname = words[words.index("-enqueue") + 1]
        glob = [int(x) for x in words[words.index("-global") + 1].split(",")]
        args = {}
        prints = []
        for flag, val in zip(words, words[1:]):
            val = val.strip("'")
            if flag == "-arg":
                if ":" in val.split(",")[0]:
                    name, f = val.split(":", 1)
                    txt = open(os.path.join(os.path.dirname(path), f)).read()
                    args[name] = expand(",".join(txt.split()).replace(",,", ","))
                else:
                    name, lst = val.split(",", 1)
                    args[name] = expand(lst)
            if flag == "-print":
                parts = val.split(",")
                off, cnt = (0, int(parts[1])) if len(parts) == 2 else (int(parts[1]), int(parts[2]))
                prints.append((parts[0], off, cnt))
        m = re.search(r"(?:__kernel|kernel)\s+void\s+" + kname + r"\s*\(([^)]*)\)", src)
        params = [p.strip() for p in m.group(1).split(",")]
        decls, call = [], []
        for p in params:
            ptr = "*" in p
            name = re.findall(r"\w+", p)[-1]
            ty = re.findall(r"\b(char|uchar|short|ushort|int|uint|long|ulong|float|double)\b", p)[0]
            if ptr:
                vals = args.get(name, [])
                n = max([len(vals)] + [o + c for (nm, o, c) in prints if nm == name])
                init = ",".join(("(%s)%r" % (ty, v)) if ty in ("float", "double") else
                                ("(%s)(long long)%d" % (ty, int(v))) for v in vals) or "0"
                decls.append("static %s %s[%d] = {%s};" % (ty, name, max(n, 1), init))
            else:
                v = args[name][0]
                decls.append("static %s %s = (%s)%r;" % (ty, name, ty, v if ty in ("float", "double") else int(v)))
            call.append(name)
        body = SHIM + "\n#define main kernel_file_main\n" + src + "\n#undef main\n" + "\n".join(decls)
        body += "\nint main(void) {\n"
        for d, g in enumerate(glob):
            body += "g_size[%d] = %d;\n" % (d, g)
        body += "for (g_id[2] = 0; g_id[2] < g_size[2]; g_id[2]++)\n"
        body += "for (g_id[1] = 0; g_id[1] < g_size[1]; g_id[1]++)\n"
        body += "for (g_id[0] = 0; g_id[0] < g_size[0]; g_id[0]++)\n"
        body += "  %s(%s);\n" % (kname, ", ".join(call))
        for name, off, cnt in prints:
            p = [q for q in params if re.findall(r"\w+", q)[-1] == name][0]
            ty = re.findall(r"\b(char|uchar|short|ushort|int|uint|long|ulong|float|double)\b", p)[0]
            fmt, cast = FMT.get(ty, ('"%lld"', "(long long)"))
            body += 'printf("%s");\n' % name
            body += "for (int k = %d; k < %d; k++) { printf(\",\"); printf(%s, %s%s[k]); }\n" % (off, off + cnt, fmt, cast, name)
            body += 'printf("\\n");\n'
        body += "return 0; }\n"
        with tempfile.TemporaryDirectory() as d:
            c = os.path.join(d, "k.c")
            open(c, "w").write(body)
            exe = os.path.join(d, "k")
            r = subprocess.run(["gcc", "-std=gnu11", "-O1", "-ffp-contract=off", "-fwrapv", "-w",
                                "-x", "c", c, "-o", exe, "-lm"], capture_output=True, text=True)
            if r.returncode:
                return "compile failed:\n" + r.stderr[:2000]
            got += subprocess.run([exe], capture_output=True, text=True).stdout.splitlines()
    missing = [w for w in want if w not in got]
    if not want:
        return "NOTHING TO CHECK"
    return "ok (%d lines)" % len(want) if not missing else "MISMATCH\n  want: %s\n  got:  %s" % (missing, got)


for f in sys.argv[1:]:
    print(f, check(f))
