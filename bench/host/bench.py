#!/usr/bin/python3
"""The host-device benchmark: the team's ten kernels on Kauai's host device and on PoCL's
CPU device, through the same pyopencl code, in one run (see README.md beside this file,
and ../shared/bench/README.md for the benchmark's definition).

Run from anywhere with Debian's python (its pyopencl and numpy):
    /usr/bin/python3 bench/host/bench.py [--scale 0.25] [--kernels saxpy,bitonic] ...
"""

import argparse
import json
import math
import os
import pathlib
import platform as pyplatform
import shutil
import statistics
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
KERNEL_DIR = HERE / "kernels"
SYSTEM_VENDORS = pathlib.Path("/etc/OpenCL/vendors")
IMPLS = ("pocl", "kauai")
KERNELS = ("saxpy", "vecadd", "matmul_tiled", "matmul_naive", "nbody", "blackscholes",
           "mandelbrot", "reduce", "bitonic", "transpose")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--kernels", default=",".join(KERNELS),
                   help="comma-separated kernels to run (default: all ten)")
    p.add_argument("--rounds", type=int, default=5, help="timed rounds per kernel (default 5)")
    p.add_argument("--scale", type=float, default=1.0,
                   help="multiply each kernel's number of work-items by F (1-D sizes by F, "
                        "2-D sides by sqrt(F)), rounded down to a valid shape (default 1)")
    p.add_argument("--only", choices=("kauai", "pocl", "both"), default="both")
    p.add_argument("--json", metavar="FILE", help="write machine-readable results to FILE")
    p.add_argument("--png", metavar="FILE", help="bar chart of the Kauai/PoCL ratios (matplotlib)")
    p.add_argument("--lib", default=str(ROOT / "target" / "release" / "libkauai_opencl.so"),
                   help="libkauai_opencl.so (default: <repo>/target/release/libkauai_opencl.so)")
    p.add_argument("--seed", type=int, default=0, help="input random seed (default 0)")
    p.add_argument("--cores", type=int, metavar="N",
                   help="run on the first N CPUs only (both implementations), for scaling")
    p.add_argument("--bandwidth", action="store_true",
                   help="also measure memcpy bandwidth and report the memory-bound kernels' "
                        "GB/s against it")
    a = p.parse_args(argv)
    a.kernels = [k.strip() for k in a.kernels.split(",") if k.strip()]
    unknown = [k for k in a.kernels if k not in KERNELS]
    if unknown:
        p.error(f"unknown kernel(s) {', '.join(unknown)} (known: {', '.join(KERNELS)})")
    if a.rounds < 1:
        p.error("--rounds must be at least 1")
    if not a.scale > 0:
        p.error("--scale must be positive")
    if a.cores is not None and not 1 <= a.cores <= len(os.sched_getaffinity(0)):
        p.error(f"--cores must be between 1 and {len(os.sched_getaffinity(0))}")
    a.impls = list(IMPLS) if a.only == "both" else [a.only]
    return a


ARGS = parse_args(sys.argv[1:])

# --- Cores ---------------------------------------------------------------------------------
# Pinned before any implementation starts its threads. Kauai sizes its pool from the
# affinity mask; PoCL counts the machine's CPUs, so it is told the count as well.
if ARGS.cores is not None:
    os.sched_setaffinity(0, sorted(os.sched_getaffinity(0))[:ARGS.cores])
    os.environ["POCL_MAX_PTHREAD_COUNT"] = str(ARGS.cores)
CORES = len(os.sched_getaffinity(0))

# --- Register the ICDs before pyopencl loads the ICD loader --------------------------------
# A private vendors directory holding Kauai's .icd (the library given by --lib) and the
# system's PoCL .icd, so the run sees exactly these two platforms.
VENDORS = tempfile.mkdtemp(prefix="kauai-bench-vendors-")
LIB = pathlib.Path(ARGS.lib).resolve()
if "kauai" in ARGS.impls:
    if not LIB.is_file():
        sys.exit(f"bench: {LIB} does not exist; build it with "
                 "`cargo build --release -p kauai-icd` or pass --lib")
    pathlib.Path(VENDORS, "kauai.icd").write_text(f"{LIB}\n")
if "pocl" in ARGS.impls:
    pocl_icds = sorted(SYSTEM_VENDORS.glob("pocl*.icd"))
    if not pocl_icds:
        sys.exit(f"bench: no pocl*.icd in {SYSTEM_VENDORS} (install pocl-opencl-icd)")
    for f in pocl_icds:
        shutil.copy(f, VENDORS)
os.environ["OCL_ICD_VENDORS"] = VENDORS
# Builds are timed, so no build may come from a cache: pyopencl's on-disk cache is off,
# and PoCL's kernel cache too unless the caller chose otherwise.
os.environ["PYOPENCL_NO_CACHE"] = "1"
os.environ.setdefault("POCL_KERNEL_CACHE", "0")
# KAUAI_HOST_EXECUTOR is passed through unchanged (the library reads it itself).
EXECUTOR = os.environ.get("KAUAI_HOST_EXECUTOR", "default")

import numpy as np  # noqa: E402
import pyopencl as cl  # noqa: E402

mf = cl.mem_flags


# --- Problem sizes -------------------------------------------------------------------------

def size_1d(n, local, scale):
    """n·scale rounded down to a multiple of `local` (at least one group)."""
    return max(local, int(n * scale) // local * local)


def side_2d(n, local, scale):
    """The side of an n×n grid with its area scaled, a multiple of `local`."""
    return max(local, int(n * math.sqrt(scale)) // local * local)


def pow2_at_most(n, least):
    p = least
    while p * 2 <= n:
        p *= 2
    return p


# --- Checks --------------------------------------------------------------------------------

def max_rel(got, ref):
    """max |got - ref| / max |ref|: the error relative to the output's magnitude."""
    got = np.asarray(got, dtype=np.float64)
    if not np.isfinite(got).all():
        return math.inf
    scale = float(np.max(np.abs(ref))) or 1.0
    return float(np.max(np.abs(got - ref))) / scale


def elem_rel(got, ref):
    """max over elements of |got - ref| / |ref| (NaN, the poison, counts as infinite)."""
    got = np.asarray(got, dtype=np.float64)
    if not np.isfinite(got).all():
        return math.inf
    return float(np.max(np.abs(got - ref) / np.maximum(np.abs(ref), 1e-30)))


def within(name, value, tol, fmt="{:.2e}"):
    return value <= tol, f"{name} {fmt.format(value)} (tol {fmt.format(tol)})"


# --- The kernels: inputs, arguments, launches and references --------------------------------
# Each case: args, a list of ("in", array) | ("out", dtype, shape, sentinel) |
# ("inout", array) | ("scalar", numpy scalar) | ("local", bytes); glob, loc; launches, a
# list of {arg index: numpy scalar} (one dict per launch); check(outputs) -> (ok, detail),
# outputs being the "out"/"inout" arrays in argument order.

def one_launch():
    return [{}]


def case_saxpy(rng, scale):
    n = size_1d(16 << 20, 256, scale)
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    a = np.float32(2.5)
    ref = float(a) * x.astype(np.float64) + y

    def check(outs):
        # Not in the table: one or two float32 roundings (with or without contraction).
        return within("max rel", elem_rel(outs[0], ref), 1e-6)
    return dict(size=f"n={n}", glob=(n,), loc=(256,), launches=one_launch(), check=check,
                bytes=3 * 4 * n,
                args=[("in", x), ("in", y), ("out", np.float32, (n,), np.nan), ("scalar", a)])


def case_vecadd(rng, scale):
    n = size_1d(16 << 20, 256, scale)
    a = rng.random(n, dtype=np.float32)
    b = rng.random(n, dtype=np.float32)
    ref = a + b  # one correctly rounded float32 addition: exact

    def check(outs):
        bad = int(np.count_nonzero(outs[0] != ref))
        return bad == 0, f"{bad} differ (exact)"
    return dict(size=f"n={n}", glob=(n,), loc=(256,), launches=one_launch(), check=check,
                bytes=3 * 4 * n,
                args=[("in", a), ("in", b), ("out", np.float32, (n,), np.nan)])


def matmul_case(rng, scale):
    n = side_2d(512, 16, scale)
    A = rng.random((n, n), dtype=np.float32) - np.float32(0.5)
    B = rng.random((n, n), dtype=np.float32) - np.float32(0.5)
    ref = A.astype(np.float64) @ B.astype(np.float64)

    def check(outs):
        return within("max rel", max_rel(outs[0], ref), 1e-4)
    return dict(size=f"N={n}", glob=(n, n), loc=(16, 16), launches=one_launch(), check=check,
                args=[("in", A), ("in", B), ("out", np.float32, (n, n), np.nan),
                      ("scalar", np.int32(n))])


def case_nbody(rng, scale):
    n = size_1d(4096, 64, scale)
    dt, eps2 = np.float32(0.01), np.float32(0.01)
    pos = np.empty((n, 4), np.float32)
    pos[:, :3] = rng.random((n, 3), dtype=np.float32) * np.float32(10)
    pos[:, 3] = np.float32(0.5) + rng.random(n, dtype=np.float32)  # masses 0.5-1.5
    vel = rng.random((n, 4), dtype=np.float32)
    p64, v64 = pos.astype(np.float64), vel.astype(np.float64)
    acc = np.empty((n, 3))
    for i0 in range(0, n, 256):  # all pairs in float64, 256 bodies at a time
        d = p64[None, :, :3] - p64[i0:i0 + 256, None, :3]
        inv = 1.0 / np.sqrt(np.einsum("ijk,ijk->ij", d, d) + float(eps2))
        acc[i0:i0 + 256] = np.einsum("ij,ijk->ik", p64[None, :, 3] * inv ** 3, d)
    newvel = v64.copy()
    newvel[:, :3] += acc * float(dt)
    newpos = p64.copy()
    newpos[:, :3] += newvel[:, :3] * float(dt)

    def check(outs):
        ep, ev = max_rel(outs[0], newpos), max_rel(outs[1], newvel)
        return within("max rel", max(ep, ev), 1e-4)
    return dict(size=f"n={n}", glob=(n,), loc=(64,), launches=one_launch(), check=check,
                args=[("in", pos), ("in", vel), ("out", np.float32, (n, 4), np.nan),
                      ("out", np.float32, (n, 4), np.nan), ("scalar", np.int32(n)),
                      ("scalar", dt), ("scalar", eps2)])


def normal_cdf(x):
    try:
        from scipy.special import ndtr
        return ndtr(x)
    except ImportError:
        return 0.5 * (1.0 + np.vectorize(math.erf)(x / math.sqrt(2.0)))


def case_blackscholes(rng, scale):
    n = size_1d(1 << 20, 256, scale)
    S = (5 + 25 * rng.random(n)).astype(np.float32)
    X = (1 + 99 * rng.random(n)).astype(np.float32)
    T = (0.25 + 9.75 * rng.random(n)).astype(np.float32)
    R, V = np.float32(0.02), np.float32(0.30)
    s, x, t, r, v = S.astype(np.float64), X.astype(np.float64), T.astype(np.float64), float(R), float(V)
    d1 = (np.log(s / x) + (r + 0.5 * v * v) * t) / (v * np.sqrt(t))
    d2 = d1 - v * np.sqrt(t)
    e = np.exp(-r * t)
    call = s * normal_cdf(d1) - x * e * normal_cdf(d2)  # the closed form, exact N(x)
    put = x * e * normal_cdf(-d2) - s * normal_cdf(-d1)

    def check(outs):
        err = max(float(np.max(np.abs(outs[0] - call))), float(np.max(np.abs(outs[1] - put))))
        if not (np.isfinite(outs[0]).all() and np.isfinite(outs[1]).all()):
            err = math.inf
        return within("max abs", err, 1e-3)
    return dict(size=f"n={n}", glob=(n,), loc=(256,), launches=one_launch(), check=check,
                args=[("in", S), ("in", X), ("in", T), ("out", np.float32, (n,), np.nan),
                      ("out", np.float32, (n,), np.nan), ("scalar", R), ("scalar", V)])


def mandelbrot_ref(w, h, max_iter):
    """The kernel's escape loop in float32, vectorized over the pixels still iterating."""
    f = np.float32
    cx = f(-2) + f(3) * np.arange(w, dtype=f) / f(w)
    cy = f(-1.5) + f(3) * np.arange(h, dtype=f) / f(h)
    cx, cy = np.meshgrid(cx, cy)  # [py, px]
    cx, cy = cx.ravel(), cy.ravel()
    out = np.zeros(w * h, np.int32)
    idx = np.arange(w * h)
    x = np.zeros(w * h, f)
    y = np.zeros(w * h, f)
    for _ in range(max_iter):
        keep = x * x + y * y <= f(4)
        idx, x, y, cx, cy = idx[keep], x[keep], y[keep], cx[keep], cy[keep]
        if idx.size == 0:
            break
        xt = x * x - y * y + cx
        y = f(2) * x * y + cy
        x = xt
        out[idx] += 1
    return out.reshape(h, w)


def case_mandelbrot(rng, scale):
    n = side_2d(1024, 16, scale)
    ref = mandelbrot_ref(n, n, 256)

    def check(outs):
        frac = np.count_nonzero(outs[0] != ref) / ref.size
        return within("pixels differ", frac * 100, 1.0, "{:.3f}%")
    return dict(size=f"n={n}", glob=(n, n), loc=(16, 16), launches=one_launch(), check=check,
                args=[("out", np.int32, (n, n), -1), ("scalar", np.int32(n)),
                      ("scalar", np.int32(n)), ("scalar", np.int32(256))])


def case_reduce(rng, scale):
    n = size_1d(16 << 20, 256, scale)
    x = rng.random(n, dtype=np.float32)
    ref = x.astype(np.float64).reshape(-1, 256).sum(axis=1)

    def check(outs):
        return within("max rel", elem_rel(outs[0], ref), 1e-5)
    return dict(size=f"n={n}", glob=(n,), loc=(256,), launches=one_launch(), check=check,
                args=[("in", x), ("out", np.float32, (n // 256,), np.nan), ("local", 1024)])


def case_bitonic(rng, scale):
    n = pow2_at_most(int((1 << 18) * scale), 256)
    keys = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    ref = np.sort(keys)
    launches = []
    k = 2
    while k <= n:
        j = k // 2
        while j > 0:
            launches.append({1: np.uint32(k), 2: np.uint32(j)})
            j //= 2
        k *= 2

    def check(outs):
        bad = int(np.count_nonzero(outs[0] != ref))
        return bad == 0, f"{bad} keys differ (exact)"
    return dict(size=f"n={n}", glob=(n,), loc=(256,), launches=launches, check=check,
                args=[("inout", keys), ("scalar", np.uint32(2)), ("scalar", np.uint32(1))])


def case_transpose(rng, scale):
    n = side_2d(2048, 16, scale)
    a = rng.random((n, n), dtype=np.float32)
    ref = np.ascontiguousarray(a.T)

    def check(outs):
        bad = int(np.count_nonzero(outs[0] != ref))
        return bad == 0, f"{bad} differ (exact)"
    return dict(size=f"n={n}", glob=(n, n), loc=(16, 16), launches=one_launch(), check=check,
                bytes=2 * 4 * n * n,
                args=[("in", a), ("out", np.float32, (n, n), np.nan), ("scalar", np.int32(n)),
                      ("scalar", np.int32(n))])


CASES = dict(saxpy=case_saxpy, vecadd=case_vecadd, matmul_tiled=matmul_case,
             matmul_naive=matmul_case, nbody=case_nbody, blackscholes=case_blackscholes,
             mandelbrot=case_mandelbrot, reduce=case_reduce, bitonic=case_bitonic,
             transpose=case_transpose)


# --- Devices -------------------------------------------------------------------------------

def find_device(impl):
    plats = cl.get_platforms()
    if impl == "kauai":
        cands = [p for p in plats if p.name == "Kauai"]
    else:
        cands = [p for p in plats if "Portable Computing Language" in p.name or p.name == "PoCL"]
    for p in cands:
        devs = p.get_devices(cl.device_type.CPU)
        if devs:
            return p, devs[0]
    names = ", ".join(p.name for p in plats) or "none"
    sys.exit(f"bench: no CPU device of the {impl} platform (platforms: {names})")


class Impl:
    def __init__(self, name):
        self.name = name
        self.platform, self.device = find_device(name)
        self.ctx = cl.Context([self.device])
        self.queue = cl.CommandQueue(
            self.ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)


class Instance:
    """One kernel on one implementation: program, kernel, buffers."""

    def __init__(self, impl, kname, case):
        self.impl, self.case, q = impl, case, impl.queue
        src = (KERNEL_DIR / f"{kname}.cl").read_text()
        prg = cl.Program(impl.ctx, src)
        t = time.perf_counter()
        prg.build()  # clBuildProgram
        self.build_s = time.perf_counter() - t
        self.kernel = cl.Kernel(prg, kname)
        self.buffers, self.resets, self.outputs = [], [], []
        for i, arg in enumerate(case["args"]):
            kind = arg[0]
            if kind == "in":
                buf = cl.Buffer(impl.ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=arg[1])
                self.kernel.set_arg(i, buf)
            elif kind == "out":
                host = np.full(arg[2], arg[3], dtype=arg[1])
                buf = cl.Buffer(impl.ctx, mf.READ_WRITE, host.nbytes)
                self.kernel.set_arg(i, buf)
                self.resets.append((buf, host))  # poisoned before every launch
                self.outputs.append((buf, np.empty_like(host)))
            elif kind == "inout":
                buf = cl.Buffer(impl.ctx, mf.READ_WRITE, arg[1].nbytes)
                self.kernel.set_arg(i, buf)
                self.resets.append((buf, arg[1]))  # restored before every run
                self.outputs.append((buf, np.empty_like(arg[1])))
            elif kind == "scalar":
                self.kernel.set_arg(i, arg[1])
                continue
            elif kind == "local":
                self.kernel.set_arg(i, cl.LocalMemory(arg[1]))
                continue
            self.buffers.append(buf)
        self.reset()

    def reset(self):
        for buf, host in self.resets:
            cl.enqueue_copy(self.impl.queue, buf, host)
        self.impl.queue.finish()

    def launch(self, launches):
        """Enqueue the launches and wait: (sum of kernel event times, wall time) in s."""
        q, k, c = self.impl.queue, self.kernel, self.case
        t = time.perf_counter()
        events = []
        for scalars in launches:
            for i, v in scalars.items():
                k.set_arg(i, v)
            events.append(cl.enqueue_nd_range_kernel(q, k, c["glob"], c["loc"]))
        q.finish()
        wall = time.perf_counter() - t
        return sum(e.profile.end - e.profile.start for e in events) * 1e-9, wall

    def check(self):
        for buf, host in self.outputs:
            cl.enqueue_copy(self.impl.queue, host, buf)
        self.impl.queue.finish()
        return self.case["check"]([host for _, host in self.outputs])

    def release(self):
        for b in self.buffers:
            b.release()
        self.buffers = []


# --- The run -------------------------------------------------------------------------------

def median(xs):
    return statistics.median(xs) if xs else None


def ms(x):
    return "-" if x is None else f"{x * 1e3:.2f}"


def ratio_str(r):
    return "-" if r is None else f"{r:.2f}"


def geomean(xs):
    xs = [x for x in xs if x]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def run_kernel(kname, impls, rounds, seed):
    rng = np.random.default_rng([seed, KERNELS.index(kname)])
    t = time.perf_counter()
    case = CASES[kname](rng, ARGS.scale)
    ref_s = time.perf_counter() - t
    res = dict(size=case["size"], launches=len(case["launches"]), reference_s=ref_s, impl={},
               bytes=case.get("bytes"))
    inst = {}
    for impl in impls:
        r = res["impl"][impl.name] = dict(build_s=None, first_launch_s=None,
                                          first_launch_kernel_s=None, kernel_s=[], wall_s=[],
                                          checks=[], error=None)
        try:
            inst[impl.name] = Instance(impl, kname, case)
            r["build_s"] = inst[impl.name].build_s
            # Warm-up: one launch (bitonic: its first (k, j) launch), its time the first
            # launch's; a single-launch kernel's warm-up output is checked too.
            kt, wall = inst[impl.name].launch(case["launches"][:1])
            r["first_launch_s"], r["first_launch_kernel_s"] = wall, kt
            if len(case["launches"]) == 1:
                ok, detail = inst[impl.name].check()
                r["checks"].append(dict(round="warm-up", ok=ok, detail=detail))
        except Exception as e:  # a failing build or launch is a result, not the end
            r["error"] = f"{type(e).__name__}: {e}".strip()
            inst.pop(impl.name, None)
    for rnd in range(rounds):
        order = impls if rnd % 2 == 0 else impls[::-1]  # alternate who goes first
        for impl in order:
            i, r = inst.get(impl.name), res["impl"][impl.name]
            if i is None:
                continue
            try:
                i.reset()
                kt, wall = i.launch(case["launches"])
                ok, detail = i.check()
            except Exception as e:
                r["error"] = f"{type(e).__name__}: {e}".strip()
                inst.pop(impl.name)
                continue
            r["checks"].append(dict(round=rnd, ok=ok, detail=detail))
            if ok:  # only a checked output's time counts
                r["kernel_s"].append(kt)
                r["wall_s"].append(wall)
    for impl in impls:
        r = res["impl"][impl.name]
        r["agree"] = r["error"] is None and bool(r["checks"]) and all(c["ok"] for c in r["checks"])
        r["kernel_median_s"] = median(r["kernel_s"])
        r["wall_median_s"] = median(r["wall_s"])
        r["last_check"] = r["checks"][-1]["detail"] if r["checks"] else None
    for i in inst.values():
        i.release()
    p, k = res["impl"].get("pocl"), res["impl"].get("kauai")
    if p and k:
        for key, med in (("ratio", "kernel_median_s"), ("wall_ratio", "wall_median_s")):
            res[key] = k[med] / p[med] if k[med] and p[med] else None
    return res


def yes_no(r):
    if r is None:
        return "-"
    if r["error"]:
        return "ERROR"
    return "yes" if r["agree"] else "no"


def print_table(results, impls):
    names = [i.name for i in impls]
    both = len(names) == 2
    hdr = f"{'kernel':13} {'size':9} {'PoCL ms':>10} {'Kauai ms':>10} {'ratio':>7}  " \
          f"{'PoCL wall':>10} {'Kauai wall':>10} {'ratio':>7}  {'agree P/K':>9}"
    print("\nKernel time (median of event end-start, ms) and wall time (enqueue..finish, ms):")
    print(hdr)
    print("-" * len(hdr))
    for kname, res in results.items():
        p, k = res["impl"].get("pocl"), res["impl"].get("kauai")
        print(f"{kname:13} {res['size']:9} "
              f"{ms(p and p['kernel_median_s']):>10} {ms(k and k['kernel_median_s']):>10} "
              f"{ratio_str(res.get('ratio')):>7}  "
              f"{ms(p and p['wall_median_s']):>10} {ms(k and k['wall_median_s']):>10} "
              f"{ratio_str(res.get('wall_ratio')):>7}  "
              f"{yes_no(p) + '/' + yes_no(k):>9}")
    if both:
        g = geomean([r.get("ratio") for r in results.values()])
        gw = geomean([r.get("wall_ratio") for r in results.values()])
        print("-" * len(hdr))
        print(f"{'geomean':23} {'':>10} {'':>10} {ratio_str(g):>7}  "
              f"{'':>10} {'':>10} {ratio_str(gw):>7}")
    print("\nBuild (clBuildProgram) and first launch (wall, enqueue..finish), ms:")
    hdr2 = f"{'kernel':13} {'PoCL build':>11} {'Kauai build':>11} {'PoCL 1st':>10} {'Kauai 1st':>10}"
    print(hdr2)
    print("-" * len(hdr2))
    for kname, res in results.items():
        p, k = res["impl"].get("pocl"), res["impl"].get("kauai")
        print(f"{kname:13} {ms(p and p['build_s']):>11} {ms(k and k['build_s']):>11} "
              f"{ms(p and p['first_launch_s']):>10} {ms(k and k['first_launch_s']):>10}")
    problems = []
    for kname, res in results.items():
        for name, r in res["impl"].items():
            if r["error"]:
                problems.append(f"  {kname} on {name}: {r['error']}")
            else:
                for c in r["checks"]:
                    if not c["ok"]:
                        problems.append(f"  {kname} on {name}, round {c['round']}: "
                                        f"output wrong: {c['detail']}")
    if problems:
        print("\nProblems (their times do not count):")
        print("\n".join(problems))


def memcpy_bandwidth(threads, mib=256, repeats=10):
    """The machine's copy bandwidth in bytes/s: libc memmove of `mib` MiB split over
    `threads` threads (ctypes calls release the GIL), best of `repeats`, counting bytes
    read plus bytes written as STREAM does."""
    import ctypes
    import threading
    n = mib << 20
    src = np.ones(n, dtype=np.uint8)
    dst = np.zeros(n, dtype=np.uint8)
    part = n // threads
    parts = [(dst.ctypes.data + i * part, src.ctypes.data + i * part) for i in range(threads)]
    best = math.inf
    for _ in range(repeats):
        ts = [threading.Thread(target=ctypes.memmove, args=(d, s_, part)) for d, s_ in parts]
        t = time.perf_counter()
        for th in ts:
            th.start()
        for th in ts:
            th.join()
        best = min(best, time.perf_counter() - t)
    return 2 * part * threads / best


def print_bandwidth(results, copy_bw):
    print(f"\nBandwidth (GB/s; bytes read + written per kernel time). memcpy on {CORES} "
          f"core(s): {copy_bw / 1e9:.1f} GB/s")
    hdr = f"{'kernel':13} {'MB':>7} {'PoCL GB/s':>10} {'% memcpy':>9} {'Kauai GB/s':>11} {'% memcpy':>9}"
    print(hdr)
    print("-" * len(hdr))
    for kname, res in results.items():
        if not res.get("bytes"):
            continue
        cols = []
        for name in IMPLS:
            r = res["impl"].get(name)
            t = r and r["kernel_median_s"]
            bw = res["bytes"] / t if t else None
            res.setdefault("gbps", {})[name] = bw and bw / 1e9
            cols.append("-" if bw is None else f"{bw / 1e9:.1f}")
            cols.append("-" if bw is None else f"{100 * bw / copy_bw:.0f}")
        print(f"{kname:13} {res['bytes'] / 1e6:7.0f} {cols[0]:>10} {cols[1]:>9} "
              f"{cols[2]:>11} {cols[3]:>9}")


def write_png(path, results):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print(f"matplotlib is not importable: skipping {path} "
              "(install python3-matplotlib)")
        return
    names = [k for k, r in results.items() if r.get("ratio")]
    if not names:
        print(f"no ratios to plot: skipping {path}")
        return
    ratios = [results[k]["ratio"] for k in names]
    fig, ax = plt.subplots(figsize=(9, 4.5))
    ax.bar(names, ratios, color="tab:blue")
    g = geomean(ratios)
    ax.axhline(g, color="tab:red", linestyle="--", label=f"geomean {g:.1f}x")
    ax.axhline(1, color="black", linewidth=0.8)
    ax.set_yscale("log")
    ax.set_ylabel("Kauai / PoCL kernel time (log)")
    ax.set_title(f"Kauai host ({EXECUTOR}) vs PoCL, scale {ARGS.scale}, "
                 f"median of {ARGS.rounds}")
    for x, r in enumerate(ratios):
        ax.text(x, r, f"{r:.1f}", ha="center", va="bottom", fontsize=8)
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))
    plt.setp(ax.get_xticklabels(), rotation=30, ha="right")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    print(f"wrote {path}")


def main():
    impls = [Impl(n) for n in ARGS.impls]
    print(f"KAUAI_HOST_EXECUTOR: {EXECUTOR}")
    print(f"OCL_ICD_VENDORS: {VENDORS} ({', '.join(sorted(os.listdir(VENDORS)))})")
    print(f"POCL_KERNEL_CACHE: {os.environ['POCL_KERNEL_CACHE']}; "
          f"scale {ARGS.scale}; rounds {ARGS.rounds}; seed {ARGS.seed}")
    for i in impls:
        print(f"{i.name:6} {i.platform.name} | {i.platform.version} | {i.device.name} | "
              f"{i.device.max_compute_units} compute units")
    print(f"cores: {CORES}" + ("" if ARGS.cores is None else " (--cores)"))
    copy_bw = memcpy_bandwidth(CORES) if ARGS.bandwidth else None
    results = {}
    t0 = time.perf_counter()
    for kname in ARGS.kernels:
        t = time.perf_counter()
        res = results[kname] = run_kernel(kname, impls, ARGS.rounds, ARGS.seed)
        note = "  ".join(
            f"{n} {ms(r['kernel_median_s'])} ms {yes_no(r)}" for n, r in res["impl"].items())
        print(f"  {kname:13} {res['size']:9} {note}  "
              f"({time.perf_counter() - t:.1f} s incl. reference {res['reference_s']:.1f} s)",
              flush=True)
    total = time.perf_counter() - t0
    print_table(results, impls)
    if copy_bw:
        print_bandwidth(results, copy_bw)
    print(f"\ntotal {total:.1f} s")
    if ARGS.json:
        doc = dict(
            executor=EXECUTOR, scale=ARGS.scale, rounds=ARGS.rounds, seed=ARGS.seed,
            lib=str(LIB) if "kauai" in ARGS.impls else None,
            pocl_kernel_cache=os.environ["POCL_KERNEL_CACHE"],
            host=dict(machine=pyplatform.machine(), cpus=os.cpu_count(), cores=CORES,
                      memcpy_bytes_per_s=copy_bw),
            devices={i.name: dict(platform=i.platform.name, version=i.platform.version,
                                  device=i.device.name) for i in impls},
            geomean_ratio=geomean([r.get("ratio") for r in results.values()]),
            geomean_wall_ratio=geomean([r.get("wall_ratio") for r in results.values()]),
            kernels=results, total_s=total)
        pathlib.Path(ARGS.json).write_text(json.dumps(doc, indent=1) + "\n")
        print(f"wrote {ARGS.json}")
    if ARGS.png:
        write_png(ARGS.png, results)
    failed = any(r["error"] or not r["agree"] for res in results.values()
                 for r in res["impl"].values())
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        code = main()
    finally:
        shutil.rmtree(VENDORS, ignore_errors=True)
    sys.exit(code)
