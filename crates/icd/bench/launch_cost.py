"""Launch cost: an empty kernel enqueued and waited for, on every platform's CPU device
(Kauai's host device, PoCL's pthread device), with the same pyopencl script.

Run: OCL_ICD_VENDORS=<dir with kauai.icd and pocl.icd> /usr/bin/python3 launch_cost.py
Reports figures only.
"""

import pathlib
import sys
import time

import numpy as np
import pyopencl as cl

N = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
BITONIC = pathlib.Path(__file__).resolve().parents[3].parent / "shared" / "bench" / "kernels" / "bitonic.cl"
BITONIC_INLINE = """
__kernel void bitonic(__global uint *data, uint k, uint j) {
    uint i = get_global_id(0), ixj = i ^ j;
    if (ixj > i) {
        uint a = data[i], b = data[ixj];
        bool up = (i & k) == 0;
        if ((a > b) == up) { data[i] = b; data[ixj] = a; }
    }
}
"""


def bench(dev):
    ctx = cl.Context([dev])
    q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, "__kernel void empty(__global int *p) {}").build()
    k = prg.empty
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4)
    k.set_arg(0, buf)
    for _ in range(50):
        cl.enqueue_nd_range_kernel(q, k, (1,), None).wait()
    t = time.perf_counter()
    for _ in range(N):
        cl.enqueue_nd_range_kernel(q, k, (1,), None).wait()
    wait_each = (time.perf_counter() - t) / N
    t = time.perf_counter()
    for _ in range(N):
        cl.enqueue_nd_range_kernel(q, k, (1,), None)
    q.finish()
    batched = (time.perf_counter() - t) / N
    # A many-launch algorithm: the shared benchmark's bitonic sort (n = 256K, local
    # 256, one launch per (k, j): 171), inline if ../shared is not beside the repo.
    src = BITONIC.read_text() if BITONIC.exists() else BITONIC_INLINE
    sort = cl.Program(ctx, src).build().bitonic
    n = 1 << 18
    data = np.random.default_rng(0).integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    d = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=data)
    sort(q, (n,), (256,), d, np.uint32(2), np.uint32(1)).wait()  # warm-up (sorts pairs)
    launches = 0
    t = time.perf_counter()
    kk = 2
    while kk <= n:
        j = kk // 2
        while j > 0:
            sort(q, (n,), (256,), d, np.uint32(kk), np.uint32(j))
            launches += 1
            j //= 2
        kk *= 2
    q.finish()
    sort_s = time.perf_counter() - t
    out = np.empty_like(data)
    cl.enqueue_copy(q, out, d)
    assert (out == np.sort(data)).all()
    return wait_each, batched, sort_s, launches


for plat in cl.get_platforms():
    for dev in plat.get_devices(cl.device_type.CPU):
        w, b, s, n = bench(dev)
        print(f"{plat.name:8} {dev.name[:40]:40} enqueue+wait {w * 1e6:8.1f} us  "
              f"batched {b * 1e6:8.1f} us/launch  bitonic 2^18 ({n} launches) {s:7.2f} s")
