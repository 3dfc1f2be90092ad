"""Every kernel function of a Cython build (``jit.C_MODULES``) works on C values alone.

Why: Cython compiles a plain Python function, and where it cannot tell a local's C type
(``up = (a != 0) + (b != 0)``, a sum of two truth values) it keeps the local as a Python
object, with a reference count and a call for each operation on it.  The build still runs
and gives the same answers, so only its speed shows it: the scan kernel's four such locals
made every node 1.6x dearer until the ``.pxd`` typed them (2026-12-06).  This reads the C
code Cython makes and names any kernel function that keeps a Python local or calls
Python's arithmetic.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from numpuzzles.core import jit

SOURCE_ROOT = Path(__file__).resolve().parents[2] / "src"
"""The checkout's sources, where each kernel's ``.pxd`` sits beside it (an installed package
need not carry the ``.pxd`` files)."""

FUNCTION = re.compile(r"^static [A-Z_a-z ]+ __pyx_f_(\w+)\(.*\) \{$", re.M)
"""The opening line of a C function Cython made of a module function: its C name ends in
the build's module name (``..._c``), ``_``, and the function's own name."""


def _python_in_functions(code: str) -> dict[str, list[str]]:
    """Each C function Cython made of a kernel function, with what in its body works on
    Python objects: declared object locals and calls of Python's number protocol."""
    found: dict[str, list[str]] = {}
    for match in FUNCTION.finditer(code):
        end = code.index("\n}\n", match.end())
        body = code[match.end() : end]
        locals_ = re.findall(r"PyObject \*(__pyx_v_\w+)", body)
        arithmetic = sorted(set(re.findall(r"\b(PyNumber_\w+|__Pyx_PyObject_Compare\w+)\(", body)))
        found[match.group(1).rsplit(jit.C_SUFFIX + "_", 1)[1]] = locals_ + arithmetic
    return found


@pytest.mark.parametrize("name", jit.C_MODULES)
def test_kernel_functions_keep_no_python_objects(name: str, tmp_path: Path) -> None:
    source = SOURCE_ROOT.joinpath(*name.split(".")).with_suffix(".py")
    code = jit.c_translation(source, name + jit.C_SUFFIX, tmp_path)
    functions = _python_in_functions(code)
    assert functions, "no kernel function found in Cython's C code"
    assert {f: objects for f, objects in functions.items() if objects} == {}


def test_the_check_sees_an_untyped_local(tmp_path: Path) -> None:
    """The same check on a kernel whose ``.pxd`` leaves such a local untyped: it must
    name it, or the test above could pass on code it cannot read."""
    source = tmp_path / "src" / "untyped_kernel.py"
    source.parent.mkdir()
    source.write_text(
        "def joined(a, b):\n"
        "    up = (a != 0) + (b != 0)\n"
        "    if up >= 2:\n"
        "        return 1\n"
        "    return 0\n"
    )
    source.with_suffix(".pxd").write_text("cpdef long long joined(long long a, long long b)\n")
    code = jit.c_translation(source, "untyped_kernel_c", tmp_path / "work")
    assert _python_in_functions(code)["joined"][:1] == ["__pyx_v_up"]
