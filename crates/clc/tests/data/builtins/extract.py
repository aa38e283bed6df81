#!/usr/bin/env python3
"""Freeze the OpenCL C 1.2 builtin overloads (name and argument types only) from
clang-14's opencl-c.h, preprocessed for OpenCL C 1.2 with a chosen extension set.

    python3 extract.py /usr/lib/llvm-14/lib/clang/14.0.6/include/opencl-c.h

writes opencl12.txt (core 1.2, with cl_khr_fp64 and the 32-bit atom_ extensions that
1.1 promoted), int64_atomics.txt (what cl_khr_int64_{base,extended}_atomics adds) and
fp16.txt (what cl_khr_fp16 adds). One overload a line: `name(type, type, ...)`, in the
header's order, each once. Only facts (names, types) are kept, no header text.
"""
import re
import subprocess
import sys
from pathlib import Path

CORE = ["cl_khr_fp64", "cl_khr_global_int32_base_atomics",
        "cl_khr_global_int32_extended_atomics", "cl_khr_local_int32_base_atomics",
        "cl_khr_local_int32_extended_atomics", "cl_khr_byte_addressable_store"]
INT64 = ["cl_khr_int64_base_atomics", "cl_khr_int64_extended_atomics"]
FP16 = ["cl_khr_fp16"]


def overloads(header, exts):
    cmd = ["clang-14", "-x", "cl", "-cl-std=CL1.2", "-target", "spir",
           "-Xclang", "-cl-ext=-all," + ",".join("+" + e for e in exts),
           "-E", "-P", header]
    text = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    out = []
    for decl in text.split(";"):
        decl = " ".join(decl.split())
        if "overloadable" not in decl or "{" in decl:
            continue
        decl = re.sub(r"__attribute__\(\([^()]*(\([^()]*\))?[^()]*\)\)", " ", decl)
        m = re.match(r"^(.*?)\b([A-Za-z_][A-Za-z0-9_]*)\s*\((.*)\)\s*$", decl)
        if not m:
            sys.exit(f"cannot read: {decl}")
        name, params = m.group(2), m.group(3).strip()
        types = []
        if params and params != "void":
            for p in params.split(","):
                p = " ".join(p.replace("*", " * ").split())
                words = p.split(" ")
                # Drop the parameter's name: the last word when it is not part of the type.
                if len(words) > 1 and words[-1] != "*" and not is_type_word(words[-1]):
                    words = words[:-1]
                types.append(" ".join(words).replace(" *", " *").replace("* ", "*").strip())
        out.append(f"{name}({', '.join(types)})")
    seen = set()
    return [o for o in out if not (o in seen or seen.add(o))]


TYPE_WORDS = re.compile(
    r"^(void|bool|char|uchar|short|ushort|int|uint|long|ulong|float|double|half|size_t|"
    r"ptrdiff_t|intptr_t|uintptr_t|event_t|sampler_t|unsigned|signed|const|volatile|"
    r"__global|__local|__private|__constant|read_only|write_only|__read_only|"
    r"__write_only|cl_mem_fence_flags|image[123]d(_array|_buffer)?_t|"
    r"(char|uchar|short|ushort|int|uint|long|ulong|float|double|half)(2|3|4|8|16))$")


def is_type_word(w):
    return bool(TYPE_WORDS.match(w))


def main():
    header = sys.argv[1]
    here = Path(__file__).parent
    core = overloads(header, CORE)
    with64 = overloads(header, CORE + INT64)
    with16 = overloads(header, CORE + INT64 + FP16)
    cs, s64 = set(core), set(with64)
    lists = {
        "opencl12.txt": core,
        "int64_atomics.txt": [o for o in with64 if o not in cs],
        "fp16.txt": [o for o in with16 if o not in s64],
    }
    for name, items in lists.items():
        (here / name).write_text("".join(o + "\n" for o in items))
        print(f"{name}: {len(items)} overloads")


main()
