#!/usr/bin/env python3
"""Freeze what the real oclgrind-kernel prints for each .sim file of this folder.

Run from this folder: `python3 record.py [NAME.sim ...]`. For NAME.sim it writes
NAME.oclgrind: the exit status, standard output and standard error of
`oclgrind-kernel OPTIONS NAME.sim`, OPTIONS being the words of a first line
`# ARGS: ...` (oclgrind-kernel itself reads that line as a comment; Oclgrind's own test
runner gives the options on the command line). Each part is framed with its length in
bytes, so output without a final newline stays exact. Never edit these files by hand
and never bless them: they are the reference kauai sim is compared with.
"""
import glob
import subprocess
import sys


def frame(name, data):
    return b"#### %s %d bytes\n" % (name.encode(), len(data)) + data + b"\n"


def record(sim):
    first = open(sim, "rb").readline().decode("utf-8", "replace")
    opts = first[len("# ARGS:"):].split() if first.startswith("# ARGS:") else []
    p = subprocess.run(["oclgrind-kernel", *opts, sim], capture_output=True, timeout=300)
    out = b"#### exit %d\n" % p.returncode
    out += frame("stdout", p.stdout) + frame("stderr", p.stderr)
    with open(sim[: -len(".sim")] + ".oclgrind", "wb") as f:
        f.write(out)


for sim in sys.argv[1:] or sorted(glob.glob("*.sim")):
    record(sim)
