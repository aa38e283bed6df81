"""The Kauai OpenCL platform driven through pyopencl, as an application uses it.

Expected values come from numpy or closed forms. Where the specification left a doubt,
the answer was checked against PoCL on the same machine and is recorded next to the test.
"""

import os
import pathlib
import subprocess
import sys
import threading

import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.clrandom as clrandom
import pytest
from pyopencl.elementwise import ElementwiseKernel
from pyopencl.reduction import ReductionKernel
from pyopencl.scan import InclusiveScanKernel

from conftest import ROOT, device_named, kauai_platform

mf = cl.mem_flags

VADD = """
__kernel void vadd(__global const float *a, __global const float *b, __global float *c) {
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
"""


def is_il(queue):
    return queue.device.type == cl.device_type.GPU


# ---- platform and devices ----

def test_platform_and_devices_are_listed():
    p = kauai_platform()
    assert p.vendor == "Kauai"
    assert p.version.startswith("OpenCL 1.2 Kauai ")
    assert "cl_khr_icd" in p.extensions.split()
    names = [d.name for d in p.get_devices()]
    assert names[0].startswith("Kauai host (")
    assert "Cypress (Kauai AMD IL emulator)" in names
    cpu = p.get_devices(cl.device_type.CPU)
    gpu = p.get_devices(cl.device_type.GPU)
    assert len(cpu) == 1 and len(gpu) == len(names) - 1
    assert cpu[0].max_compute_units == os.cpu_count()
    # The host device has images (its software sampler); the IL devices do not yet.
    assert cpu[0].image_support == 1
    assert cpu[0].image2d_max_width >= 8192 and cpu[0].image3d_max_depth >= 2048
    assert cpu[0].max_read_image_args >= 128 and cpu[0].max_write_image_args >= 8
    assert cpu[0].max_samplers >= 16


def test_il_devices_have_the_chips_properties():
    cypress = device_named("Cypress")
    assert cypress.local_mem_size == 32 * 1024
    assert cypress.max_work_group_size == 256
    assert "cl_khr_fp64" in cypress.extensions.split()
    assert cypress.image_support == 1  # Evergreen: resources and UAVs for images
    assert device_named("RV770").image_support == 0  # 7XX: no UAV for write-only images
    # No native kernels (clEnqueueNativeKernel returns CL_INVALID_OPERATION).
    assert cypress.execution_capabilities == cl.device_exec_capabilities.KERNEL


def test_kauai_devices_chooses_the_devices():
    code = (
        "import pyopencl as cl;"
        "p=[p for p in cl.get_platforms() if p.name=='Kauai'][0];"
        "print('|'.join(d.name+':'+str(int('cl_khr_fp64' in d.extensions))+':'+str(d.local_mem_size) for d in p.get_devices()))"
    )
    env = dict(os.environ, KAUAI_DEVICES="rv710,host")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    # rv710 has no doubles and 16 KiB of LDS; the order is the variable's.
    assert out.stdout.strip().split("|")[0] == "RV710 (Kauai AMD IL emulator):0:16384"
    assert out.stdout.strip().split("|")[1].startswith("Kauai host (")


# ---- buffers ----

def test_buffer_transfers(ctx_queue):
    ctx, q = ctx_queue
    a = np.arange(64, dtype=np.int32)
    buf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
    out = np.empty_like(a)
    cl.enqueue_copy(q, out, buf)
    assert (out == a).all()
    # A write at an offset, a read of a part.
    cl.enqueue_copy(q, buf, np.full(8, -1, np.int32), dst_offset=16 * 4)
    part = np.empty(16, np.int32)
    cl.enqueue_copy(q, part, buf, src_offset=8 * 4)
    assert (part == np.concatenate([np.arange(8, 16), np.full(8, -1)])).all()
    # Copy between buffers, then fill.
    other = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
    cl.enqueue_copy(q, other, buf, byte_count=a.nbytes)
    cl.enqueue_fill_buffer(q, other, np.int32(7), 0, 32)
    cl.enqueue_copy(q, out, other)
    expect = a.copy()
    expect[16:24] = -1
    expect[:8] = 7
    assert (out == expect).all()


def test_rect_transfers(ctx_queue):
    ctx, q = ctx_queue
    host = np.arange(8 * 8, dtype=np.uint8).reshape(8, 8)
    buf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=host)
    out = np.zeros((3, 4), np.uint8)
    cl.enqueue_copy(q, out, buf, buffer_origin=(2, 1), host_origin=(0, 0), region=(4, 3),
                    buffer_pitches=(8,), host_pitches=(4,))
    assert (out == host[1:4, 2:6]).all()
    cl.enqueue_copy(q, buf, np.full((2, 2), 255, np.uint8), buffer_origin=(0, 0), host_origin=(0, 0),
                    region=(2, 2), buffer_pitches=(8,), host_pitches=(2,))
    whole = np.empty_like(host)
    cl.enqueue_copy(q, whole, buf)
    expect = host.copy()
    expect[:2, :2] = 255
    assert (whole == expect).all()


def test_map_and_use_host_ptr(ctx_queue):
    ctx, q = ctx_queue
    a = np.arange(32, dtype=np.float32)
    buf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
    m, _ = cl.enqueue_map_buffer(q, buf, cl.map_flags.READ | cl.map_flags.WRITE, 0, a.shape, a.dtype)
    assert (m == a).all()
    m[:] = 2 * a
    m.base.release(q)
    out = np.empty_like(a)
    cl.enqueue_copy(q, out, buf)
    assert (out == 2 * a).all()

    # USE_HOST_PTR: the kernel sees the host memory; after a map the host memory holds
    # what the kernel wrote.
    host = np.arange(16, dtype=np.float32)
    ub = cl.Buffer(ctx, mf.READ_WRITE | mf.USE_HOST_PTR, hostbuf=host)
    prg = cl.Program(ctx, "__kernel void twice(__global float *x) { x[get_global_id(0)] *= 2.0f; }").build()
    prg.twice(q, (16,), None, ub)
    m, _ = cl.enqueue_map_buffer(q, ub, cl.map_flags.READ, 0, host.shape, host.dtype)
    assert (m == 2 * np.arange(16)).all()
    assert (host == 2 * np.arange(16)).all()
    # The same region mapped again: the same address, two mappings until two unmaps.
    m2, _ = cl.enqueue_map_buffer(q, ub, cl.map_flags.READ, 0, host.shape, host.dtype)
    assert ub.get_info(cl.mem_info.MAP_COUNT) == 2
    m2.base.release(q)
    m.base.release(q)
    q.finish()
    assert ub.get_info(cl.mem_info.MAP_COUNT) == 0
    q.finish()


def test_sub_buffers(ctx_queue):
    ctx, q = ctx_queue
    a = np.arange(256, dtype=np.int32)
    parent = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
    sub = parent.get_sub_region(128, 64 * 4)  # ints 32..95
    assert sub.get_info(cl.mem_info.OFFSET) == 128
    assert sub.get_info(cl.mem_info.ASSOCIATED_MEMOBJECT) == parent
    part = np.empty(64, np.int32)
    cl.enqueue_copy(q, part, sub)
    assert (part == a[32:96]).all()
    # A kernel writes through the sub-buffer: the parent sees it.
    prg = cl.Program(ctx, "__kernel void neg(__global int *x) { x[get_global_id(0)] = -x[get_global_id(0)]; }").build()
    prg.neg(q, (64,), None, sub)
    whole = np.empty_like(a)
    cl.enqueue_copy(q, whole, parent)
    expect = a.copy()
    expect[32:96] *= -1
    assert (whole == expect).all()
    # A write to the parent: the sub-buffer sees it.
    cl.enqueue_copy(q, parent, np.full(4, 7, np.int32), dst_offset=32 * 4)
    cl.enqueue_copy(q, part, sub)
    assert (part[:4] == 7).all() and part[4] == -36
    with pytest.raises(cl.Error) as e:
        parent.get_sub_region(4, 16)  # not aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN
    assert e.value.code == cl.status_code.MISALIGNED_SUB_BUFFER_OFFSET
    with pytest.raises(cl.Error) as e:
        parent.get_sub_region(1024, 16)
    assert e.value.code == cl.status_code.INVALID_VALUE


# ---- kernels ----

def test_vector_add(ctx_queue):
    ctx, q = ctx_queue
    rng = np.random.default_rng(1)
    a = rng.random(1000, dtype=np.float32)
    b = rng.random(1000, dtype=np.float32)
    ab = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    bb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
    cb = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
    prg = cl.Program(ctx, VADD).build()
    assert prg.kernel_names == "vadd"
    prg.vadd(q, a.shape, None, ab, bb, cb)
    c = np.empty_like(a)
    cl.enqueue_copy(q, c, cb)
    assert (c == a + b).all()


def test_global_offset(ctx_queue):
    ctx, q = ctx_queue
    prg = cl.Program(ctx, """
        __kernel void ids(__global int *out) { out[get_global_id(0)] = (int)get_global_id(0) * 10; }
    """).build()
    buf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(16, np.int32))
    prg.ids(q, (8,), None, buf, global_offset=(4,))
    out = np.empty(16, np.int32)
    cl.enqueue_copy(q, out, buf)
    expect = np.zeros(16, np.int32)
    expect[4:12] = np.arange(4, 12) * 10
    assert (out == expect).all()


def test_local_memory_reduction_kernel(ctx_queue):
    ctx, q = ctx_queue
    prg = cl.Program(ctx, """
        __kernel void partial(__global const int *in, __global int *out, __local int *tmp) {
            size_t l = get_local_id(0), n = get_local_size(0);
            tmp[l] = in[get_global_id(0)];
            for (size_t s = n / 2; s > 0; s /= 2) {
                barrier(CLK_LOCAL_MEM_FENCE);
                if (l < s) tmp[l] += tmp[l + s];
            }
            if (l == 0) out[get_group_id(0)] = tmp[0];
        }
    """).build()
    data = np.arange(1024, dtype=np.int32)
    inb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=data)
    outb = cl.Buffer(ctx, mf.WRITE_ONLY, 16 * 4)
    prg.partial(q, (1024,), (64,), inb, outb, cl.LocalMemory(64 * 4))
    out = np.empty(16, np.int32)
    cl.enqueue_copy(q, out, outb)
    assert (out == data.reshape(16, 64).sum(axis=1)).all()


def test_array_arithmetic(ctx_queue):
    ctx, q = ctx_queue
    rng = np.random.default_rng(2)
    x = rng.random(500, dtype=np.float32)
    y = rng.random(500, dtype=np.float32)
    dx, dy = cla.to_device(q, x), cla.to_device(q, y)
    assert np.allclose((dx * 3 + dy / 2 - 1).get(), x * 3 + y / 2 - 1, rtol=1e-6)
    assert np.allclose((dx * dy).get(), x * y)


def test_sum_reduction(ctx_queue):
    # Every pyopencl reduction includes pyopencl-complex.h, whose inline double
    # functions (calling `hypot`, ...) no kernel uses: the build must not compile them.
    ctx, q = ctx_queue
    x = np.arange(10000, dtype=np.int32)
    assert cla.sum(cla.to_device(q, x)).get() == 10000 * 9999 // 2
    rk = ReductionKernel(ctx, np.float32, neutral="0", reduce_expr="a+b", map_expr="x[i]*y[i]",
                         arguments="__global const float *x, __global const float *y")
    a = np.linspace(0, 1, 4096).astype(np.float32)
    got = rk(cla.to_device(q, a), cla.to_device(q, a)).get()
    assert np.isclose(got, np.dot(a.astype(np.float64), a), rtol=1e-5)


IL_REDUCTION = """
import sys, numpy as np, pyopencl as cl, pyopencl.array as cla
p = [p for p in cl.get_platforms() if p.name == "Kauai"][0]
(dev,) = p.get_devices()
q = cl.CommandQueue(cl.Context([dev]))
x = np.arange(10000, dtype=np.int32)
out = [dev.name, cla.sum(cla.to_device(q, x)).get(), cla.max(cla.to_device(q, x[::-1].copy())).get()]
if sys.argv[1] == "fp64":
    out.append(cla.sum(cla.to_device(q, x.astype(np.float64))).get())
print(*out)
"""


@pytest.mark.parametrize("key,name,fp64", [("rv710", "RV710", False), ("rv770", "RV770", True),
                                           ("cayman", "Cayman", True)])
def test_reduction_on_other_il_devices(key, name, fp64):
    # RV710 has no doubles, so pyopencl's reduction preamble has no double functions;
    # RV770 and Cayman have them (unused helpers calling double `hypot`, ...).
    env = dict(os.environ, KAUAI_DEVICES=key)
    args = [sys.executable, "-c", IL_REDUCTION, "fp64" if fp64 else "-"]
    out = subprocess.run(args, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    total = 10000 * 9999 // 2
    want = f"{name} (Kauai AMD IL emulator) {total} 9999" + (f" {float(total)}" if fp64 else "")
    assert out.stdout.strip() == want


def test_elementwise_and_scan(ctx_queue):
    ctx, q = ctx_queue
    x = np.linspace(-2, 2, 777).astype(np.float32)
    k = ElementwiseKernel(ctx, "float *x, float *y", "y[i] = x[i] * x[i] - 1.0f", "sqm1")
    dx, dy = cla.to_device(q, x), cla.empty(q, x.shape, np.float32)
    k(dx, dy)
    assert np.allclose(dy.get(), x * x - 1, atol=1e-6)
    scan = InclusiveScanKernel(ctx, np.int32, "a+b", neutral="0")
    v = cla.to_device(q, np.arange(1, 1001, dtype=np.int32))
    scan(v)
    assert (v.get() == np.cumsum(np.arange(1, 1001))).all()


def test_random_numbers(ctx_queue):
    ctx, q = ctx_queue
    gen = clrandom.PhiloxGenerator(ctx, seed=12)
    x = gen.uniform(q, (4000,), np.float32).get()
    assert x.min() >= 0 and x.max() < 1
    assert abs(x.mean() - 0.5) < 0.02  # 4000 uniform samples: sigma of the mean 0.0046


# ---- programs ----

def test_build_log_and_errors(ctx_queue):
    ctx, q = ctx_queue
    bad = cl.Program(ctx, "__kernel void k(__global int *p) {\n  p[0] = y;\n}\n")
    with pytest.raises(cl.RuntimeError) as e:
        bad.build()
    assert e.value.code == cl.status_code.BUILD_PROGRAM_FAILURE
    log = bad.get_build_info(q.device, cl.program_build_info.LOG)
    assert "y" in log and ":2:" in log, log  # file:line:col of the undeclared name
    assert bad.get_build_info(q.device, cl.program_build_info.STATUS) == -2  # CL_BUILD_ERROR
    with pytest.raises(cl.Error) as e:
        cl.Program(ctx, VADD).build(options=["-cl-no-such-option"])
    assert e.value.code == cl.status_code.INVALID_BUILD_OPTIONS


def test_build_options_and_several_sources(ctx_queue):
    ctx, q = ctx_queue
    prg = cl.Program(ctx, "__kernel void k(__global int *p) { p[0] = VALUE * 2; }").build(options=["-DVALUE=21"])
    buf = cl.Buffer(ctx, mf.READ_WRITE, 4)
    prg.k(q, (1,), None, buf)
    out = np.empty(1, np.int32)
    cl.enqueue_copy(q, out, buf)
    assert out[0] == 42


def test_binaries_round_trip(ctx_queue):
    ctx, q = ctx_queue
    prg = cl.Program(ctx, VADD).build()
    (binary,) = prg.binaries
    # The device's code: finalized IR for the host, AMD IL with its metadata for a Radeon.
    assert binary.startswith(b"KAUAI-PROGRAM-BINARY 3\n")
    assert (b"\ncode il\n" if is_il(q) else b"\ncode ir\n") in binary
    if is_il(q):
        assert b";ARGSTART:__OpenCL_vadd_kernel" in binary
    again = cl.Program(ctx, [q.device], [binary]).build()
    assert again.get_build_info(q.device, cl.program_build_info.BINARY_TYPE) == cl.program_binary_type.EXECUTABLE
    a = np.arange(8, dtype=np.float32)
    ab = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    cb = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
    again.vadd(q, a.shape, None, ab, ab, cb)
    c = np.empty_like(a)
    cl.enqueue_copy(q, c, cb)
    assert (c == 2 * a).all()
    with pytest.raises(cl.Error) as e:
        cl.Program(ctx, [q.device], [b"not a binary"])
    assert e.value.code == cl.status_code.INVALID_BINARY


def test_spirv_program(ctx_queue):
    """cl_khr_il_program: pyopencl hands bytes with SPIR-V's magic number to
    clCreateProgramWithIL (the 2.1 dispatch slot, which the extension's function fills)."""
    ctx, q = ctx_queue
    assert "cl_khr_il_program" in q.device.extensions.split()
    assert "cl_khr_il_program" in kauai_platform().extensions.split()
    assert q.device.get_info(cl.device_info.IL_VERSION) == "SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2"
    il = (ROOT / "filetests" / "spirv" / "algorithms_saxpy.spv").read_bytes()
    prg = cl.Program(ctx, il).build()
    # (CL_PROGRAM_IL is the C test's: pyopencl 2022.3 decodes it as UTF-8 text.)
    x = np.arange(16, dtype=np.float32)
    y = np.ones(16, dtype=np.float32)
    xb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
    yb = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=y)
    prg.saxpy(q, (16,), (4,), np.float32(2.5), xb, yb)
    cl.enqueue_copy(q, y, yb)
    assert (y == 2.5 * np.arange(16) + 1).all()
    # A cut module is SPIR-V by its header; what is wrong with it is in the build log.
    cut = cl.Program(ctx, il[:24])
    with pytest.raises(cl.RuntimeError) as e:
        cut.build()
    assert e.value.code == cl.status_code.BUILD_PROGRAM_FAILURE
    assert "<il>" in cut.get_build_info(q.device, cl.program_build_info.LOG)


def test_compile_with_header_and_link(ctx_queue):
    ctx, q = ctx_queue
    header = cl.Program(ctx, "#define SCALE 3\nint scale(int x);\n")
    lib = cl.Program(ctx, '#include "scale.h"\nint scale(int x) { return x * SCALE; }\n')
    lib.compile(headers=[("scale.h", header)])
    main = cl.Program(ctx, '#include "scale.h"\n__kernel void k(__global int *p) { p[get_global_id(0)] = scale((int)get_global_id(0)); }\n')
    main.compile(headers=[("scale.h", header)])
    linked = cl.link_program(ctx, [main, lib])
    buf = cl.Buffer(ctx, mf.READ_WRITE, 4 * 4)
    linked.k(q, (4,), None, buf)
    out = np.empty(4, np.int32)
    cl.enqueue_copy(q, out, buf)
    assert (out == np.arange(4) * 3).all()


def test_kernel_info(ctx_queue):
    ctx, q = ctx_queue
    prg = cl.Program(ctx, """
        __kernel __attribute__((reqd_work_group_size(8, 1, 1)))
        void k(__global const float *restrict in, __local int *tmp, int n, __constant float *c) {}
    """).build(options=["-cl-kernel-arg-info"])
    k = prg.k
    assert k.num_args == 4
    assert k.get_arg_info(0, cl.kernel_arg_info.NAME) == "in"
    assert k.get_arg_info(0, cl.kernel_arg_info.ADDRESS_QUALIFIER) == cl.kernel_arg_address_qualifier.GLOBAL
    assert k.get_arg_info(1, cl.kernel_arg_info.ADDRESS_QUALIFIER) == cl.kernel_arg_address_qualifier.LOCAL
    assert k.get_arg_info(2, cl.kernel_arg_info.TYPE_NAME) == "int"
    assert k.get_arg_info(3, cl.kernel_arg_info.ADDRESS_QUALIFIER) == cl.kernel_arg_address_qualifier.CONSTANT
    assert k.get_work_group_info(cl.kernel_work_group_info.COMPILE_WORK_GROUP_SIZE, q.device) == [8, 1, 1]
    assert k.get_work_group_info(cl.kernel_work_group_info.WORK_GROUP_SIZE, q.device) == 8
    names = sorted(kk.function_name for kk in prg.all_kernels())
    assert names == ["k"]


# ---- errors for bad calls ----

def test_error_codes(ctx_queue):
    # Each code below was checked against PoCL 3.1 on the same calls (it agrees), except
    # the work-group size ones: PoCL is an OpenCL 3.0 platform with non-uniform groups.
    ctx, q = ctx_queue
    prg = cl.Program(ctx, VADD).build()
    with pytest.raises(cl.Error) as e:
        cl.Kernel(prg, "nope")
    assert e.value.code == cl.status_code.INVALID_KERNEL_NAME
    k = prg.vadd
    with pytest.raises(cl.Error) as e:
        k.set_arg(3, np.int32(1))
    assert e.value.code == cl.status_code.INVALID_ARG_INDEX
    with pytest.raises(cl.Error) as e:
        k.set_arg(0, np.int32(1))  # 4 bytes for a buffer argument
    assert e.value.code == cl.status_code.INVALID_ARG_SIZE
    with pytest.raises(cl.Error) as e:
        cl.enqueue_nd_range_kernel(q, k, (4,), None)  # no arguments set
    assert e.value.code == cl.status_code.INVALID_KERNEL_ARGS
    buf = cl.Buffer(ctx, mf.READ_WRITE, 64)
    k.set_args(buf, buf, buf)
    with pytest.raises(cl.Error) as e:
        cl.enqueue_nd_range_kernel(q, k, (10,), (4,))  # 4 does not divide 10
    assert e.value.code == cl.status_code.INVALID_WORK_GROUP_SIZE
    with pytest.raises(cl.Error) as e:
        cl.enqueue_nd_range_kernel(q, k, (4096,), (4096,))  # above the device maximum
    assert e.value.code == cl.status_code.INVALID_WORK_GROUP_SIZE
    with pytest.raises(cl.Error) as e:
        cl.Buffer(ctx, mf.READ_WRITE, 0)
    assert e.value.code == cl.status_code.INVALID_BUFFER_SIZE
    with pytest.raises(cl.Error) as e:
        cl.Buffer(ctx, mf.READ_WRITE | mf.WRITE_ONLY, 16)
    assert e.value.code == cl.status_code.INVALID_VALUE
    with pytest.raises(cl.Error) as e:
        cl.enqueue_copy(q, np.empty(32, np.int32), buf)  # 128 bytes from a 64-byte buffer
    assert e.value.code == cl.status_code.INVALID_VALUE


# ---- images and samplers (the host device) ----

CO = cl.channel_order
CT = cl.channel_type


def test_supported_image_formats(host_ctx_queue):
    ctx, _ = host_ctx_queue
    fmts = {(f.channel_order, f.channel_data_type)
            for f in cl.get_supported_image_formats(ctx, mf.READ_ONLY, cl.mem_object_type.IMAGE2D)}
    # OpenCL 1.2's minimum list (5.3.2.1).
    for t in (CT.UNORM_INT8, CT.UNORM_INT16, CT.SIGNED_INT8, CT.SIGNED_INT16, CT.SIGNED_INT32,
              CT.UNSIGNED_INT8, CT.UNSIGNED_INT16, CT.UNSIGNED_INT32, CT.HALF_FLOAT, CT.FLOAT):
        assert (CO.RGBA, t) in fmts
    assert (CO.BGRA, CT.UNORM_INT8) in fmts
    # By hand: R, A, RG, RA, RGBA, Rx, RGx with each of the 12 unpacked types (84); BGRA and
    # ARGB with the four 8-bit types (8); INTENSITY and LUMINANCE with the 6 normalized and
    # float types (12); RGB and RGBx with the 3 packed types (6).
    assert len(fmts) == 110
    assert (CO.RGB, CT.UNORM_SHORT_565) in fmts and (CO.RGBx, CT.UNORM_INT_101010) in fmts
    assert (CO.RGB, CT.UNORM_INT8) not in fmts
    for ty in (cl.mem_object_type.IMAGE1D, cl.mem_object_type.IMAGE3D, cl.mem_object_type.IMAGE2D_ARRAY):
        assert len(cl.get_supported_image_formats(ctx, mf.WRITE_ONLY, ty)) == 110


def test_image_round_trip_and_regions(host_ctx_queue):
    ctx, q = host_ctx_queue
    h, w = 5, 7
    src = np.arange(h * w * 4, dtype=np.uint8).reshape(h, w, 4)
    img = cl.Image(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, cl.ImageFormat(CO.RGBA, CT.UNSIGNED_INT8),
                   shape=(w, h), hostbuf=src)
    assert (img.width, img.height, img.depth) == (w, h, 0)
    assert img.element_size == 4 and img.row_pitch == 4 * w
    out = np.zeros_like(src)
    cl.enqueue_copy(q, out, img, origin=(0, 0), region=(w, h))
    assert (out == src).all()
    part = np.zeros((2, 3, 4), np.uint8)
    cl.enqueue_copy(q, part, img, origin=(1, 2), region=(3, 2))
    assert (part == src[2:4, 1:4]).all()
    # Write a region back, then read the whole image.
    patch = np.full((2, 2, 4), 200, np.uint8)
    cl.enqueue_copy(q, img, patch, origin=(5, 3), region=(2, 2))
    want = src.copy()
    want[3:5, 5:7] = 200
    cl.enqueue_copy(q, out, img, origin=(0, 0), region=(w, h))
    assert (out == want).all()


def test_image_copies_fill_and_map(host_ctx_queue):
    ctx, q = host_ctx_queue
    fmt = cl.ImageFormat(CO.R, CT.FLOAT)
    src = np.arange(12, dtype=np.float32).reshape(3, 4)
    a = cl.Image(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, fmt, shape=(4, 3), hostbuf=src)
    b = cl.Image(ctx, mf.READ_WRITE, fmt, shape=(4, 3))
    cl.enqueue_fill_image(q, b, np.array([-1, 0, 0, 0], np.float32), origin=(0, 0), region=(4, 3))
    cl.enqueue_copy(q, b, a, src_origin=(0, 0), dest_origin=(2, 1), region=(2, 2))
    want = np.full((3, 4), -1, np.float32)
    want[1:3, 2:4] = src[0:2, 0:2]
    buf = cl.Buffer(ctx, mf.READ_WRITE, 48)
    cl.enqueue_copy(q, buf, b, offset=0, origin=(0, 0), region=(4, 3))
    out = np.zeros(12, np.float32)
    cl.enqueue_copy(q, out, buf)
    assert (out.reshape(3, 4) == want).all()
    # Buffer to image, then a mapping of it.
    cl.enqueue_copy(q, buf, (src * 2).ravel())
    cl.enqueue_copy(q, a, buf, offset=0, origin=(0, 0), region=(4, 3))
    # pyopencl returns the array, the event and the row and slice pitches.
    mapped, _, row_pitch, slice_pitch = cl.enqueue_map_image(
        q, a, cl.map_flags.READ | cl.map_flags.WRITE, (0, 0), (4, 3), (3, 4), np.float32)
    assert (row_pitch, slice_pitch) == (16, 0)
    assert (mapped == src * 2).all()
    mapped[0, 0] = 100
    mapped.base.release(q)
    cl.enqueue_copy(q, out.reshape(3, 4), a, origin=(0, 0), region=(4, 3))
    assert out[0] == 100 and out[1] == 2


SAMPLE = """
__kernel void shift(__read_only image2d_t src, __write_only image2d_t dst, sampler_t s) {
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    write_imagef(dst, p, read_imagef(src, s, p - (int2)(1, 0)));
}
__kernel void lerp(__read_only image2d_t src, __global float *out, sampler_t s) {
    int x = get_global_id(0), y = get_global_id(1);
    // A quarter of the way from texel x to texel x + 1 (OpenCL 1.2 8.2: u - 0.5 = x + 0.25).
    out[y * get_global_size(0) + x] = read_imagef(src, s, (float2)(x + 0.75f, y + 0.5f)).x;
}
__kernel void depth(__read_only image3d_t src, __global uint *out) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    out[(z * get_global_size(1) + y) * get_global_size(0) + x] =
        read_imageui(src, CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST,
                     (int4)(x, y, z, 0)).x;
}
"""


def test_kernels_sample_and_write_images(ctx_queue):
    # The host's software sampler and, on Cypress, the emulator's resources and UAVs.
    ctx, q = ctx_queue
    prg = cl.Program(ctx, SAMPLE).build()
    fmt = cl.ImageFormat(CO.R, CT.FLOAT)
    h, w = 4, 6
    src = np.arange(h * w, dtype=np.float32).reshape(h, w)
    img = cl.Image(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, fmt, shape=(w, h), hostbuf=src)
    dst = cl.Image(ctx, mf.WRITE_ONLY, fmt, shape=(w, h))
    clamp = cl.Sampler(ctx, False, cl.addressing_mode.CLAMP, cl.filter_mode.NEAREST)
    assert clamp.addressing_mode == cl.addressing_mode.CLAMP and not clamp.normalized_coords
    prg.shift(q, (w, h), None, img, dst, clamp)
    out = np.zeros_like(src)
    cl.enqueue_copy(q, out, dst, origin=(0, 0), region=(w, h))
    want = np.zeros_like(src)  # CLK_ADDRESS_CLAMP's border is 0 for CL_R
    want[:, 1:] = src[:, :-1]
    assert (out == want).all()
    # Linear filtering at a quarter: 0.75 * T[x] + 0.25 * T[x + 1], the edge texel
    # repeated past the last column (CLAMP_TO_EDGE); exact for these small integers.
    edge = cl.Sampler(ctx, False, cl.addressing_mode.CLAMP_TO_EDGE, cl.filter_mode.LINEAR)
    res = cl.Buffer(ctx, mf.WRITE_ONLY, src.nbytes)
    prg.lerp(q, (w, h), None, img, res, edge)
    got = np.zeros_like(src)
    cl.enqueue_copy(q, got, res)
    right = np.concatenate([src[:, 1:], src[:, -1:]], axis=1)
    assert (got == np.float32(0.75) * src + np.float32(0.25) * right).all()
    # A 3-D image read by integer coordinates.
    vol = np.arange(2 * 3 * 4, dtype=np.uint32).reshape(2, 3, 4)
    img3 = cl.Image(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, cl.ImageFormat(CO.R, CT.UNSIGNED_INT32),
                    shape=(4, 3, 2), hostbuf=vol)
    assert img3.depth == 2
    res3 = cl.Buffer(ctx, mf.WRITE_ONLY, vol.nbytes)
    prg.depth(q, (4, 3, 2), None, img3, res3)
    got3 = np.zeros_like(vol)
    cl.enqueue_copy(q, got3, res3)
    assert (got3 == vol).all()


ARRAYS = """
__kernel void layers(__read_only image1d_array_t a, __global uint *out) {
    int x = get_global_id(0), l = get_global_id(1);
    out[l * get_global_size(0) + x] =
        read_imageui(a, CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST,
                     (int2)(x, l)).x;
}
__kernel void texels(__read_only image1d_buffer_t b, __global uint *out) {
    int x = get_global_id(0);
    out[x] = read_imageui(b, x).x * 2;
}
"""


def test_image_arrays_and_buffers_with_pitches(host_ctx_queue):
    ctx, q = host_ctx_queue
    prg = cl.Program(ctx, ARRAYS).build()
    # A 1-D array of 3 layers of 5 pixels, the host's layers 20 bytes apart (its slice
    # pitch, a multiple of the row pitch; OpenCL 1.2 5.3.1). pyopencl 2022.3's
    # `cl.Image(..., is_array=True)` gives a 1-D array the array size shape[2] (1, on
    # PoCL too), so the descriptor is made here and passed to its underlying constructor.
    # (PoCL 3.1 steps the host's 1-D layers by the row pitch, against 5.3.1: it reads
    # [5..9] as layer 1 here.)
    host = np.arange(30, dtype=np.uint16).reshape(3, 10)
    desc = cl.ImageDescriptor()
    desc.image_type = cl.mem_object_type.IMAGE1D_ARRAY
    desc.shape = (5, 1)
    desc.array_size = 3
    desc.pitches = (10, 20)
    desc.num_mip_levels = 0
    desc.num_samples = 0
    desc.buffer = None
    arr = cl.Image.__new__(cl.Image)
    create = cl.Image.__init__.__closure__[0].cell_contents
    create(arr, ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, cl.ImageFormat(CO.R, CT.UNSIGNED_INT16), desc, host)
    assert arr.get_image_info(cl.image_info.ARRAY_SIZE) == 3
    assert arr.get_image_info(cl.image_info.SLICE_PITCH) == 10  # its own layers, packed
    out = np.zeros((3, 5), np.uint16)
    # (pyopencl's enqueue_copy knows only 2-D and 3-D images.)
    cl._enqueue_read_image(q, arr, (0, 0, 0), (5, 3, 1), out)
    assert (out == host[:, :5]).all()
    res = cl.Buffer(ctx, mf.WRITE_ONLY, 15 * 4)
    prg.layers(q, (5, 3), None, arr, res)
    got = np.zeros((3, 5), np.uint32)
    cl.enqueue_copy(q, got, res)
    assert (got == host[:, :5]).all()
    # A 2-D array of 2 layers of 3x2 RGBA floats: host rows 64 bytes apart (48 used),
    # layers 192 bytes apart (128 used).
    flat = np.arange(96, dtype=np.float32)
    arr2 = cl.Image(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, cl.ImageFormat(CO.RGBA, CT.FLOAT),
                    shape=(3, 2, 2), pitches=(64, 192), hostbuf=flat, is_array=True)
    want = np.array([[[flat[(l * 192 + y * 64 + x * 16) // 4:][:4] for x in range(3)]
                      for y in range(2)] for l in range(2)], np.float32)
    out2 = np.zeros((2, 2, 3, 4), np.float32)
    cl.enqueue_copy(q, out2, arr2, origin=(0, 0, 0), region=(3, 2, 2))
    assert (out2 == want).all()
    # A 1-D image buffer shares the buffer's memory.
    buf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(16, dtype=np.uint32))
    img = cl.Image(ctx, mf.READ_ONLY, cl.ImageFormat(CO.R, CT.UNSIGNED_INT32), shape=(16,), buffer=buf)
    cl.enqueue_copy(q, buf, np.full(16, 7, np.uint32))
    res = cl.Buffer(ctx, mf.WRITE_ONLY, 64)
    prg.texels(q, (16,), None, img, res)
    got = np.zeros(16, np.uint32)
    cl.enqueue_copy(q, got, res)
    assert (got == 14).all()


def test_image_errors(host_ctx_queue):
    # The codes are OpenCL 1.2's (5.3.1, 5.7.2). PoCL 3.1 agrees on the sampler, region
    # and overlap ones; it answers CL_INVALID_OPERATION for the three image formats and
    # sizes and does not check an image argument's access or a sampler argument's type.
    ctx, q = host_ctx_queue
    with pytest.raises(cl.Error) as e:
        cl.Image(ctx, mf.READ_ONLY, cl.ImageFormat(CO.RGB, CT.UNORM_INT8), shape=(4, 4))
    assert e.value.code == cl.status_code.INVALID_IMAGE_FORMAT_DESCRIPTOR
    # Packed RGB formats are supported: 2 bytes a pixel for 5-6-5.
    packed = cl.Image(ctx, mf.READ_ONLY, cl.ImageFormat(CO.RGB, CT.UNORM_SHORT_565), shape=(4, 4))
    assert packed.element_size == 2
    big = ctx.devices[0].image2d_max_width + 1
    with pytest.raises(cl.Error) as e:
        cl.Image(ctx, mf.READ_ONLY, cl.ImageFormat(CO.R, CT.FLOAT), shape=(big, 1))
    assert e.value.code == cl.status_code.INVALID_IMAGE_SIZE
    with pytest.raises(cl.Error) as e:
        cl.Sampler(ctx, False, cl.addressing_mode.REPEAT, cl.filter_mode.NEAREST)
    assert e.value.code == cl.status_code.INVALID_VALUE
    prg = cl.Program(ctx, SAMPLE).build()
    fmt = cl.ImageFormat(CO.R, CT.FLOAT)
    wo = cl.Image(ctx, mf.WRITE_ONLY, fmt, shape=(2, 2))
    with pytest.raises(cl.Error) as e:
        prg.shift.set_arg(0, wo)  # a write-only image for a read_only parameter
    assert e.value.code == cl.status_code.INVALID_ARG_VALUE
    with pytest.raises(cl.Error) as e:
        prg.shift.set_arg(2, wo)  # not a sampler
    assert e.value.code == cl.status_code.INVALID_SAMPLER
    assert prg.shift.get_arg_info(1, cl.kernel_arg_info.ACCESS_QUALIFIER) == \
        cl.kernel_arg_access_qualifier.WRITE_ONLY
    img = cl.Image(ctx, mf.READ_WRITE, fmt, shape=(4, 2))
    with pytest.raises(cl.Error) as e:
        cl.enqueue_copy(q, np.zeros((3, 4), np.float32), img, origin=(0, 0), region=(4, 3))
    assert e.value.code == cl.status_code.INVALID_VALUE
    with pytest.raises(cl.Error) as e:
        cl.enqueue_copy(q, img, img, src_origin=(0, 0), dest_origin=(1, 0), region=(2, 1))
    assert e.value.code == cl.status_code.MEM_COPY_OVERLAP


# ---- execution ----

OOB = """
__kernel void oob(__global int *p) { p[get_global_id(0) + 1000000] = 1; }
"""


def test_fault_then_the_queue_keeps_working(ctx_queue, capfd):
    ctx, q = ctx_queue
    prg = cl.Program(ctx, OOB + VADD).build()
    buf = cl.Buffer(ctx, mf.READ_WRITE, 64)
    ev = prg.oob(q, (4,), None, buf)
    with pytest.raises(cl.Error):
        ev.wait()
    assert ev.command_execution_status < 0
    err = capfd.readouterr().err
    assert "oob" in err  # the fault names the kernel
    # A command waiting for the failed one fails too, with
    # CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST as its status (PoCL 3.1 gives
    # the dependent the failed event's own status instead); the queue keeps working.
    dep = cl.enqueue_marker(q, wait_for=[ev])
    with pytest.raises(cl.Error):
        dep.wait()
    assert dep.command_execution_status == cl.status_code.EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
    a = np.arange(16, dtype=np.float32)
    ab = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    cb = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
    prg.vadd(q, a.shape, None, ab, ab, cb)
    c = np.empty_like(a)
    cl.enqueue_copy(q, c, cb)
    assert (c == 2 * a).all()


TIME_LIMIT_SCRIPT = '''
import numpy as np, pyopencl as cl
p = [p for p in cl.get_platforms() if p.name == "Kauai"][0]
ctx = cl.Context([p.get_devices()[0]]); q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, "__kernel void spin(__global int *p) { while (p[0] == 0) {} }"
                      "__kernel void one(__global int *p) { p[1] = 7; }").build()
buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 8)
cl.enqueue_fill_buffer(q, buf, np.int32(0), 0, 8)
ev = prg.spin(q, (1,), None, buf)
try:
    ev.wait()
except cl.Error:
    pass
print(ev.command_execution_status < 0)
prg.one(q, (1,), None, buf)
out = np.empty(2, np.int32)
cl.enqueue_copy(q, out, buf)
print(out[1])
'''


def test_time_limit_ends_a_kernel_that_never_ends():
    env = dict(os.environ, KAUAI_KERNEL_TIMEOUT="0.5")
    out = subprocess.run([sys.executable, "-c", TIME_LIMIT_SCRIPT], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "7"]
    assert "time limit" in out.stderr and "spin" in out.stderr


def test_user_event_gates_commands_asynchronously(ctx_queue):
    ctx, q = ctx_queue
    gate = cl.UserEvent(ctx)
    a = np.arange(8, dtype=np.float32)
    buf = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
    ev = cl.enqueue_copy(q, buf, a, is_blocking=False, wait_for=[gate])
    # The command cannot have run: its enqueue returned while it waits for the gate.
    assert ev.command_execution_status in (cl.command_execution_status.QUEUED, cl.command_execution_status.SUBMITTED)
    gate.set_status(cl.command_execution_status.COMPLETE)
    ev.wait()
    assert ev.command_execution_status == cl.command_execution_status.COMPLETE
    out = np.empty_like(a)
    cl.enqueue_copy(q, out, buf)
    assert (out == a).all()


def test_barriers_and_waiting_for_events(ctx_queue):
    ctx, q = ctx_queue
    gate = cl.UserEvent(ctx)
    buf = cl.Buffer(ctx, mf.READ_WRITE, 16)
    w = cl.enqueue_fill_buffer(q, buf, np.int32(5), 0, 16, wait_for=[gate])
    barrier = cl.enqueue_barrier(q, wait_for=[w])
    assert barrier.command_type == cl.command_type.BARRIER
    gate.set_status(cl.command_execution_status.COMPLETE)
    cl.wait_for_events([w, barrier])
    out = np.empty(4, np.int32)
    cl.enqueue_copy(q, out, buf)
    assert (out == 5).all()
    with pytest.raises(cl.Error) as e:
        bad = cl.UserEvent(ctx)
        bad.set_status(-5)
        cl.wait_for_events([bad])
    assert e.value.code == cl.status_code.EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST


def test_event_callbacks_and_profiling(host_ctx_queue):
    ctx, q = host_ctx_queue
    prg = cl.Program(ctx, VADD).build()
    buf = cl.Buffer(ctx, mf.READ_WRITE, 4096 * 4)
    seen = []
    ev = prg.vadd(q, (4096,), None, buf, buf, buf)
    ev.set_callback(cl.command_execution_status.COMPLETE, lambda status: seen.append(status))
    ev.wait()
    q.finish()
    p = ev.profile
    assert 0 < p.queued <= p.submit <= p.start <= p.end
    for _ in range(100):
        if seen:
            break
        threading.Event().wait(0.01)
    assert seen == [cl.command_execution_status.COMPLETE]


def test_many_queues_and_threads():
    ctx = cl.Context([device_named("Kauai host"), device_named("Cypress")])
    prg = cl.Program(ctx, VADD).build()
    errors = []

    def work(dev, seed):
        try:
            q = cl.CommandQueue(ctx, dev)
            a = np.random.default_rng(seed).random(256, dtype=np.float32)
            ab = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
            cb = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
            for _ in range(5):
                prg.vadd(q, a.shape, None, ab, ab, cb)
                c = np.empty_like(a)
                cl.enqueue_copy(q, c, cb)
                assert (c == 2 * a).all()
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(ctx.devices[i % 2], i)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


def test_reference_counts():
    ctx = cl.Context([device_named("Kauai host")])
    assert ctx.reference_count == 1
    q = cl.CommandQueue(ctx)
    buf = cl.Buffer(ctx, mf.READ_WRITE, 16)
    assert buf.reference_count == 1
    assert buf.context == ctx and q.context == ctx
    prg = cl.Program(ctx, VADD).build()
    k = prg.vadd
    assert k.program == prg
    assert k.reference_count == 1


def test_a_null_buffer_argument_is_a_null_pointer(ctx_queue):
    ctx, q = ctx_queue
    src = """__kernel void k(__global int *p, __global int *out) {
        out[0] = p == 0 ? 7 : 9;
    }"""
    prog = cl.Program(ctx, src).build()
    out = cl.Buffer(ctx, mf.WRITE_ONLY, 4)
    k = prog.k
    k.set_arg(0, None)
    k.set_arg(1, out)
    cl.enqueue_nd_range_kernel(q, k, (1,), None)
    got = np.zeros(1, np.int32)
    cl.enqueue_copy(q, got, out)
    assert got[0] == 7


# ---- kauai check: an application run with the checks on ----

RACE_APP = '''
import sys
import numpy as np
import pyopencl as cl
fence = "barrier(CLK_LOCAL_MEM_FENCE);" if "fixed" in sys.argv else ""
src = """
__kernel void shift(__global int *d, __local int *s) {
    size_t l = get_local_id(0);
    s[l] = d[get_global_id(0)];
    %s
    d[get_global_id(0)] = s[(l + 1) %% get_local_size(0)];
}
""" % fence
plat = [p for p in cl.get_platforms() if p.name == "Kauai"][0]
ctx = cl.Context(plat.get_devices())
q = cl.CommandQueue(ctx)
a = np.arange(16, dtype=np.int32)
buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
prg = cl.Program(ctx, src).build()
prg.shift(q, (16,), (8,), buf, cl.LocalMemory(32))
cl.enqueue_copy(q, a, buf)
print(a.tolist())
'''


def kauai_check(*args):
    kauai = ROOT / "target" / "debug" / "kauai"
    lib = pathlib.Path(os.environ.get("KAUAI_ICD_LIB", ROOT / "target" / "debug" / "libkauai_opencl.so"))
    return subprocess.run([str(kauai), "check", "--lib", str(lib), *args],
                          capture_output=True, text=True, timeout=300)


def test_kauai_check_reports_a_planted_race(tmp_path):
    app = tmp_path / "app.py"
    app.write_text(RACE_APP)
    out = kauai_check("--check", "races", "--error-exitcode", "3", "--", "/usr/bin/python3", str(app))
    assert out.returncode == 3, out.stderr
    # Work-item 0 reads work-item 1's slot before work-item 1 wrote it (Oclgrind's wording).
    assert "Read-write data race at local memory" in out.stderr
    assert "Kernel: shift" in out.stderr
    assert "kauai check: 2 finding(s)" in out.stderr
    # The application's own output is untouched.
    assert out.stdout.startswith("[")


def test_kauai_check_is_silent_on_the_fixed_kernel(tmp_path):
    app = tmp_path / "app.py"
    app.write_text(RACE_APP)
    out = kauai_check("--error-exitcode", "3", "--", "/usr/bin/python3", str(app), "fixed")
    assert out.returncode == 0, out.stderr
    assert "data race" not in out.stderr
    assert out.stdout.strip() == "[1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8]"


UNINIT_APP = '''
import sys
import numpy as np
import pyopencl as cl
src = """
__kernel void fill(__global int *t, int v) { t[get_global_id(0)] = v; }
__kernel void scale(__global const int *t, __global int *out) {
    size_t i = get_global_id(0);
    int x = t[i];
    if (x > 0)
        out[i] = 2 * x;
    else
        out[i] = 0;
}
"""
plat = [p for p in cl.get_platforms() if p.name == "Kauai"][0]
ctx = cl.Context(plat.get_devices())
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
# Created without contents: OpenCL leaves them undefined until something writes them.
t = cl.Buffer(ctx, mf.READ_WRITE, 16)
out = cl.Buffer(ctx, mf.READ_WRITE, 16)
prg = cl.Program(ctx, src).build()
if "binary" in sys.argv:
    # As pyopencl's own cache does: the program again, from its binary.
    prg = cl.Program(ctx, ctx.devices, prg.binaries).build()
if "kernel" in sys.argv:
    prg.fill(q, (4,), None, t, np.int32(3))
elif "host" in sys.argv:
    cl.enqueue_copy(q, t, np.full(4, 3, np.int32))
elif "copy" in sys.argv:
    src_buf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(4, 3, np.int32))
    cl.enqueue_copy(q, t, src_buf)
elif "half" in sys.argv:
    # Only the first two elements are written; a copy carries the rest's state along.
    cl.enqueue_copy(q, out, np.full(2, 3, np.int32))
    cl.enqueue_copy(q, t, out)
prg.scale(q, (4,), None, t, out)
got = np.zeros(4, np.int32)
cl.enqueue_copy(q, got, out)
print(got.tolist())
'''


def test_kauai_check_reports_a_buffer_read_before_anything_wrote_it(tmp_path):
    app = tmp_path / "app.py"
    app.write_text(UNINIT_APP)
    out = kauai_check("--check", "uninit", "--error-exitcode", "3", "--", "/usr/bin/python3", str(app))
    assert out.returncode == 3, out.stderr
    assert "Uninitialized value" in out.stderr or "uninitialized value" in out.stderr, out.stderr
    assert "if (x > 0)" in out.stderr
    assert "Kernel: scale" in out.stderr
    assert "kauai check: 1 finding(s)" in out.stderr
    # Kauai's buffers hold zeros: the application still gets its answer.
    assert out.stdout.strip() == "[0, 0, 0, 0]"


@pytest.mark.parametrize("how", ["kernel", "host", "copy"])
def test_kauai_check_is_silent_once_the_buffer_is_written(tmp_path, how):
    app = tmp_path / "app.py"
    app.write_text(UNINIT_APP)
    out = kauai_check("--check", "uninit", "--error-exitcode", "3", "--", "/usr/bin/python3", str(app), how)
    assert out.returncode == 0, out.stderr
    assert "ninitialized" not in out.stderr
    assert out.stdout.strip() == "[6, 6, 6, 6]"


def test_a_program_binary_keeps_the_source_lines_of_findings(tmp_path):
    app = tmp_path / "app.py"
    app.write_text(UNINIT_APP)
    out = kauai_check("--check", "uninit", "--error-exitcode", "3", "--", "/usr/bin/python3", str(app), "binary")
    assert out.returncode == 3, out.stderr
    assert "At line 6 (column 5) of <source>:" in out.stderr, out.stderr
    assert "if (x > 0)" in out.stderr


def test_kauai_check_follows_undefined_bytes_through_a_copy(tmp_path):
    app = tmp_path / "app.py"
    app.write_text(UNINIT_APP)
    out = kauai_check("--check", "uninit", "--error-exitcode", "3", "--", "/usr/bin/python3", str(app), "half")
    assert out.returncode == 3, out.stderr
    assert "Kernel: scale" in out.stderr
    # Work-items 2 and 3 read the two elements nothing wrote: one finding, seen twice.
    assert "seen 2 times" in out.stderr, out.stderr
    assert out.stdout.strip() == "[6, 6, 0, 0]"


QUEUES_APP = '''
import sys
import numpy as np
import pyopencl as cl
plat = [p for p in cl.get_platforms() if p.name == "Kauai"][0]
ctx = cl.Context(plat.get_devices())
q1 = cl.CommandQueue(ctx)
q2 = cl.CommandQueue(ctx)
prg = cl.Program(ctx, "__kernel void inc(__global int *d) { d[get_global_id(0)] += 1; }").build()
a = np.arange(4, dtype=np.int32)
buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
# The kernel waits for a user event, so it is still pending when the read is enqueued.
gate = cl.UserEvent(ctx)
ev = prg.inc(q1, (4,), None, buf, wait_for=[gate])
out = np.zeros(4, np.int32)
after = [ev] if "fixed" in sys.argv else []
rd = cl.enqueue_copy(q2, out, buf, is_blocking=False, wait_for=after)
gate.set_status(cl.command_execution_status.COMPLETE)
q1.finish()
q2.finish()
print("done")
'''


def test_kauai_check_reports_commands_on_two_queues_without_an_event_between(tmp_path):
    app = tmp_path / "app.py"
    app.write_text(QUEUES_APP)
    out = kauai_check("--error-exitcode", "3", "--", "/usr/bin/python3", str(app))
    assert out.returncode == 3, out.stderr
    assert "Commands on different queues access buffer" in out.stderr, out.stderr
    assert "clEnqueueReadBuffer (reads) after clEnqueueNDRangeKernel of kernel `inc` (writes)" in out.stderr
    assert "kauai check: 1 finding(s)" in out.stderr
    assert out.stdout.strip() == "done"


def test_kauai_check_is_silent_when_an_event_orders_the_queues(tmp_path):
    app = tmp_path / "app.py"
    app.write_text(QUEUES_APP)
    out = kauai_check("--error-exitcode", "3", "--", "/usr/bin/python3", str(app), "fixed")
    assert out.returncode == 0, out.stderr
    assert "different queues" not in out.stderr
    assert out.stdout.strip() == "done"


FLAGS_APP = '''
import numpy as np
import pyopencl as cl
src = """
__kernel void twice(__global const int *in, __global int *out) {
    size_t i = get_global_id(0);
    out[i] = 2 * in[i];
}
"""
plat = [p for p in cl.get_platforms() if p.name == "Kauai"][0]
ctx = cl.Context(plat.get_devices())
q = cl.CommandQueue(ctx)
a = np.arange(4, dtype=np.int32)
mf = cl.mem_flags
# The input is created write-only and the output read-only: both misused.
src_buf = cl.Buffer(ctx, mf.WRITE_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
dst_buf = cl.Buffer(ctx, mf.READ_ONLY, a.nbytes)
prg = cl.Program(ctx, src).build()
prg.twice(q, (4,), None, src_buf, dst_buf)
q.finish()
print("done")
'''


def test_kauai_check_reports_buffer_access_flags(tmp_path):
    app = tmp_path / "app.py"
    app.write_text(FLAGS_APP)
    out = kauai_check("--check", "memory", "--error-exitcode", "3", "--", "/usr/bin/python3", str(app))
    assert out.returncode == 3, out.stderr
    # Oclgrind's wording, once per instruction with a count.
    assert "Invalid read from write-only buffer" in out.stderr
    assert "Invalid write to read-only buffer" in out.stderr
    assert "out[i] = 2 * in[i];" in out.stderr
    assert "kauai check: 2 finding(s)" in out.stderr
    assert out.stdout.strip() == "done"


API_APP = '''
import ctypes
import numpy as np
import pyopencl as cl
plat = [p for p in cl.get_platforms() if p.name == "Kauai"][0]
ctx = cl.Context(plat.get_devices())
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, "__kernel void k(__global int *a, __global int *b) { a[0] = b[0]; }").build()
a = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4)
k = prg.k
k.set_arg(0, a)
try:
    cl.enqueue_nd_range_kernel(q, k, (1,), None)   # b never set
except cl.LogicError as e:
    print("enqueue:", e.code)
ocl = ctypes.CDLL("libOpenCL.so.1")
ocl.clReleaseMemObject.argtypes = [ctypes.c_void_p]
extra = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4)
p = extra.int_ptr
print("release:", ocl.clReleaseMemObject(p))          # pyopencl's own reference
print("release again:", ocl.clReleaseMemObject(p))    # one too many
'''


def test_kauai_check_reports_api_misuse(tmp_path):
    app = tmp_path / "app.py"
    app.write_text(API_APP)
    out = kauai_check("--error-exitcode", "3", "--", "/usr/bin/python3", str(app))
    assert out.returncode == 3, out.stderr
    assert "Kernel argument 1 `b` of kernel `k` never set" in out.stderr
    assert "Object released more often than retained" in out.stderr
    assert "call: clReleaseMemObject" in out.stderr
    # The calls still fail as they do without checks.
    assert "enqueue: -52" in out.stdout
    assert "release: 0" in out.stdout
    assert "release again: -38" in out.stdout
