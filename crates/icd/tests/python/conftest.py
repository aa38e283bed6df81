"""Point the ICD loader at the freshly built libkauai_opencl.so before pyopencl loads.

`KAUAI_ICD_LIB` names the library (default: the workspace's target/debug build);
`OCL_ICD_VENDORS`, if already set (as .ci/run does), is left alone.
"""

import os
import pathlib
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[4]

if "OCL_ICD_VENDORS" not in os.environ:
    lib = os.environ.get("KAUAI_ICD_LIB", str(ROOT / "target" / "debug" / "libkauai_opencl.so"))
    vendors = tempfile.mkdtemp(prefix="kauai-vendors-")
    pathlib.Path(vendors, "kauai.icd").write_text(lib + "\n")
    os.environ["OCL_ICD_VENDORS"] = vendors

# pyopencl's on-disk kernel cache would hide builds from the second run on.
os.environ.setdefault("PYOPENCL_NO_CACHE", "1")

import pyopencl as cl  # noqa: E402
import pytest  # noqa: E402


def kauai_platform():
    found = [p for p in cl.get_platforms() if p.name == "Kauai"]
    assert found, "the Kauai platform is not registered with the ICD loader"
    return found[0]


def device_named(part):
    for d in kauai_platform().get_devices():
        if part in d.name:
            return d
    raise AssertionError(f"no Kauai device named like {part!r}")


# The host CPU and one emulated Radeon: every API test runs on both.
DEVICES = ["Kauai host", "Cypress"]


@pytest.fixture(params=DEVICES)
def ctx_queue(request):
    dev = device_named(request.param)
    ctx = cl.Context([dev])
    queue = cl.CommandQueue(ctx)
    yield ctx, queue
    queue.finish()


@pytest.fixture
def host_ctx_queue():
    ctx = cl.Context([device_named("Kauai host")])
    queue = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)
    yield ctx, queue
    queue.finish()
