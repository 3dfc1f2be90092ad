"""Builds the ahead-of-time kernels (``numpuzzles.core.jit``) at install time.

Everything else about the package is declared in pyproject.toml.  Each kernel module named
in ``jit.KERNEL_MODULES`` becomes an optional extension module ``<module>_aot`` compiled by
numba's ``pycc``, and each of ``jit.C_MODULES`` also ``<module>_c`` compiled by Cython;
where that fails (no C compiler, a numba without ``pycc``, no Cython) the install goes on
without it and the package compiles the kernel with numba's JIT on first use, as it would
anyway.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location(
    "_numpuzzles_jit", ROOT / "src/numpuzzles/core/jit.py"
)
assert _spec is not None and _spec.loader is not None
jit = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(jit)


class BuildKernels(build_ext):
    """Compiles each kernel with numba's pycc instead of from C sources."""

    def build_extension(self, ext: Extension) -> None:
        in_c = ext.name.endswith(jit.C_SUFFIX)
        kernel_module = ext.name.removesuffix(jit.C_SUFFIX if in_c else jit.AOT_SUFFIX)
        source = ROOT / "src" / Path(*kernel_module.split(".")).with_suffix(".py")
        output = Path(self.get_ext_fullpath(ext.name)).resolve()
        try:
            if in_c:
                jit.build_c(source, output, ext.name)
            else:
                jit.build(source, output)
        except Exception as exc:  # optional: the JIT covers for a missing build
            sys.stderr.write(f"numpuzzles: not compiling {ext.name} ahead of time ({exc})\n")


setup(
    ext_modules=[
        Extension(name + jit.AOT_SUFFIX, sources=[], optional=True) for name in jit.KERNEL_MODULES
    ]
    + [Extension(name + jit.C_SUFFIX, sources=[], optional=True) for name in jit.C_MODULES],
    cmdclass={"build_ext": BuildKernels},
)
