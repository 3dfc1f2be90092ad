"""The kernel loader (``core/jit.py``): ahead-of-time builds used only when they match.

A stale ahead-of-time module (built from other source than the kernel module beside it)
would run old code silently, so the loader must refuse it; these tests build a tiny kernel
module for real with numba's ``pycc`` and with Cython (a few seconds each) and check that
its build is used, that a changed source makes the loader refuse it, and what the
environment switches do.
"""

from __future__ import annotations

import importlib
import sysconfig
from pathlib import Path

import pytest

from numpuzzles.core import jit

KERNEL = """
AOT_EXPORTS = {"triangle": "int64(int64)"}


def triangle(n):
    total = 0
    for i in range(n + 1):
        total += i
    return total
"""


def _build(directory: Path, name: str) -> Path:
    source = directory / f"{name}.py"
    source.write_text(KERNEL)
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    output = directory / f"{name}{jit.AOT_SUFFIX}{suffix}"
    jit.build(source, output)
    return source


def test_built_kernel_is_used_and_a_stale_one_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv("NUMPUZZLES_NO_JIT", raising=False)
    monkeypatch.delenv("NUMPUZZLES_NO_AOT", raising=False)
    _build(tmp_path, "jit_fresh")
    stale = _build(tmp_path, "jit_stale")
    stale.write_text(KERNEL.replace("total += i", "total += 2 * i"))  # changed after the build

    fresh = importlib.import_module("jit_fresh")
    built = jit.aot_function(fresh.triangle)
    assert built is not None and built is not fresh.triangle
    assert [built(n) for n in range(6)] == [0, 1, 3, 6, 10, 15]
    assert jit.kernel(fresh.triangle) is built
    assert jit.ready(fresh.triangle)

    changed = importlib.import_module("jit_stale")
    assert jit.aot_function(changed.triangle) is None
    assert changed.triangle(3) == 12  # the new source is what runs


DECLARATIONS = "cpdef long long triangle(long long n)\n"
"""The C types of ``KERNEL`` for its Cython build (the role of ``scan_kernel.pxd``)."""


def _build_c(directory: Path, name: str) -> Path:
    source = directory / f"{name}.py"
    source.write_text(KERNEL)
    source.with_suffix(".pxd").write_text(DECLARATIONS)
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    jit.build_c(source, directory / f"{name}{jit.C_SUFFIX}{suffix}", name + jit.C_SUFFIX)
    return source


def test_cython_build_is_used_and_a_stale_one_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same rules for ``build_c``'s modules as for ``pycc``'s: used when built from the
    source beside them, refused once that source changed, skipped by ``NUMPUZZLES_NO_C``."""
    monkeypatch.syspath_prepend(str(tmp_path))
    for switch in ("NUMPUZZLES_NO_JIT", "NUMPUZZLES_NO_C"):
        monkeypatch.delenv(switch, raising=False)
    _build_c(tmp_path, "cy_fresh")
    stale = _build_c(tmp_path, "cy_stale")
    stale.write_text(KERNEL.replace("total += i", "total += 2 * i"))

    fresh = importlib.import_module("cy_fresh")
    built = jit.c_function(fresh.triangle)
    assert built is not None and built is not fresh.triangle
    assert type(built).__name__ == "cython_function_or_method"  # compiled, not the source
    assert [built(n) for n in range(6)] == [0, 1, 3, 6, 10, 15]
    monkeypatch.setenv("NUMPUZZLES_NO_C", "1")
    assert jit.c_function(fresh.triangle) is None
    monkeypatch.delenv("NUMPUZZLES_NO_C")

    changed = importlib.import_module("cy_stale")
    assert jit.c_function(changed.triangle) is None
    assert changed.triangle(3) == 12


def test_switches_choose_the_plain_and_jit_versions(monkeypatch: pytest.MonkeyPatch) -> None:
    from numpuzzles.numberlink.solve import scan_kernel

    monkeypatch.setenv("NUMPUZZLES_NO_JIT", "1")
    assert jit.kernel(scan_kernel.search) is scan_kernel.search
    assert not jit.ready(scan_kernel.search)
    monkeypatch.delenv("NUMPUZZLES_NO_JIT")
    monkeypatch.setenv("NUMPUZZLES_NO_AOT", "1")
    assert jit.aot_function(scan_kernel.search) is None


def test_fingerprint_fits_int64_and_tells_sources_apart() -> None:
    values = {jit.fingerprint(text.encode()) for text in ("a", "b", "", KERNEL)}
    assert len(values) == 4
    assert all(0 <= value < 2**63 for value in values)
