"""Compiled kernels without a start-up tax: an ahead-of-time module first, numba second.

Why: a numba kernel compiled with ``njit(cache=True)`` still costs a fresh process most of
a second before its first call (importing numba, starting LLVM, loading the cache), which
is more than a whole mid-size board takes to solve.  So each kernel module may also be
compiled ahead of time (numba's ``pycc``) into a plain extension module next to it, named
``<module>_aot``, which imports in a millisecond and needs no numba.  ``setup.py`` builds
these at install time (``pip install .`` and ``pip install -e .``); ``python -m
numpuzzles.core.jit`` builds them in place for a source checkout.  Where none was built (no
C compiler, a numba without ``pycc``, a plain checkout), or it was built from another
version of the kernel's source, ``kernel`` falls back to numba's JIT, and without numba to
the plain Python function: every path runs the same code, so every path is exact.

A kernel module opts in by listing its exported functions and their numba signatures in a
module-level ``AOT_EXPORTS`` dict and by being named in ``KERNEL_MODULES`` below; its
callers get the fastest version with ``kernel(module.function)``.  The module's other
functions are its helpers: both compilers are told they may compile them too
(``register_jitable``), so a kernel module stays plain Python that imports no numba.

Environment: ``NUMPUZZLES_NO_JIT=1`` forces the plain Python functions (slow, for
debugging); ``NUMPUZZLES_NO_AOT=1`` skips the ahead-of-time modules (numba's JIT as before
they existed; the start-up benchmark uses it to measure the difference); ``NUMPUZZLES_NO_C=1``
skips the Cython builds of ``C_MODULES`` (the searches then load numpy as before them).

This module imports only the standard library at load time: ``setup.py`` loads it by path
in a build environment where the package's other dependencies may be missing.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import threading
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the build functions take paths; loading a kernel needs no pathlib
    from pathlib import Path

KERNEL_MODULES: tuple[str, ...] = (
    "numpuzzles.numberlink.solve.scan_kernel",
    "numpuzzles.numberlink.solve.route_kernel",
    "numpuzzles.numberlink.count.counter_kernel",
    "numpuzzles.numberlink.count.meet_kernel",
    "numpuzzles.survo.meet_kernel",
    "numpuzzles.survo.lines_kernel",
)
"""Kernel modules compiled ahead of time at install; each defines ``AOT_EXPORTS``."""

AOT_SUFFIX = "_aot"
C_MODULES: tuple[str, ...] = (
    "numpuzzles.numberlink.solve.scan_kernel",
    "numpuzzles.numberlink.solve.route_kernel",
)
"""Kernel modules also built by Cython into ``<module>_c``: those with a ``<stem>.pxd`` of C
types beside them.  Why a second compiler: a ``pycc`` module imports numpy when it loads
(some 60 ms, most of a small process's time), a Cython one does not, so a process whose
boards the scan settles never imports numpy.  It runs the same source on any buffer of
int64 (``array.array('q')``), node for node the same search (see ``c_function``)."""
C_SUFFIX = "_c"
C_FINGERPRINT = "C_FINGERPRINT"
"""The module constant a Cython build carries: the fingerprint of the source it was built
from, so that a stale build is never used."""
C_DIRECTIVES = {
    "language_level": 3,
    "annotation_typing": False,  # the source's annotations are numpy's; the .pxd gives C types
    "infer_types": True,
    "boundscheck": False,  # as numba compiles it: the kernels index within their arrays
    "wraparound": False,
}
FINGERPRINT = "aot_fingerprint"
"""The function every ahead-of-time module exports besides the kernels: the hash of the
kernel source it was built from, so that a stale build is never used."""

_cache: dict[tuple[str, str], Callable[..., Any]] = {}


def fingerprint(source: bytes) -> int:
    """A 63-bit checksum of a kernel module's source (fits numba's int64): its CRC-32 and
    Adler-32 side by side.  zlib, not hashlib: every process that loads a kernel computes
    it, and hashlib's OpenSSL costs a start-up some milliseconds; it tells a stale build
    from a current one, no adversary is involved."""
    import zlib

    return (zlib.crc32(source) << 31) | (zlib.adler32(source) >> 1)


def kernel(function: Callable[..., Any], *, nogil: bool = True) -> Callable[..., Any]:
    """The fastest available version of ``function`` (a kernel module's plain function):
    its ahead-of-time build, else numba's JIT (cached on disk when a cache directory is
    writable, with ``nogil``), else ``function`` itself."""
    if os.environ.get("NUMPUZZLES_NO_JIT"):
        return function
    key = (function.__module__, function.__name__)
    found = _cache.get(key)
    if found is None:
        found = aot_function(function) or jit_function(function, nogil)
        _cache[key] = found
    return found


def ready(function: Callable[..., Any]) -> bool:
    """Whether a compiled ``function`` is at hand without paying numba's start-up: an
    ahead-of-time build exists, or the JIT version was already compiled or loaded in this
    process."""
    if os.environ.get("NUMPUZZLES_NO_JIT"):
        return False
    if aot_function(function) is not None:
        return True
    found = _cache.get((function.__module__, function.__name__))
    return found is not None and bool(getattr(found, "signatures", ()))


def aot_function(function: Callable[..., Any]) -> Callable[..., Any] | None:
    """``function``'s ahead-of-time build, or None: none built, built from other source, or
    skipped by ``NUMPUZZLES_NO_AOT``."""
    if os.environ.get("NUMPUZZLES_NO_AOT"):
        return None
    built = _aot_module(function.__module__)
    if built is None:
        return None
    found: Callable[..., Any] | None = getattr(built, function.__name__, None)
    return found


_modules: dict[str, ModuleType | None] = {}
_c_modules: dict[str, ModuleType | None] = {}
_c_found: dict[tuple[Callable[..., Any], ...], tuple[Callable[..., Any], ...] | None] = {}
"""``c_functions``' answers: what ``_c_modules`` holds, looked up once per question."""


def c_function(function: Callable[..., Any]) -> Callable[..., Any] | None:
    """``function``'s Cython build (``C_MODULES``), or None: none built, built from other
    source, or skipped by ``NUMPUZZLES_NO_C`` or ``NUMPUZZLES_NO_JIT``.  It takes buffers
    of int64 (``array.array('q')``, two-dimensional ones as a cast ``memoryview``) where the
    numba versions take numpy arrays (it takes those too), and holds the GIL while it runs
    unless its module releases it (``scan_kernel.search_free``)."""
    found = c_functions(function)
    return None if found is None else found[0]


def c_functions(*functions: Callable[..., Any]) -> tuple[Callable[..., Any], ...] | None:
    """The Cython builds of ``functions`` (of one kernel module), or None unless all are
    at hand (``c_function``); the switches are read once for all of them."""
    if os.environ.get("NUMPUZZLES_NO_C") or os.environ.get("NUMPUZZLES_NO_JIT"):
        return None
    if functions in _c_found:  # a many-board process asks a few times a board
        return _c_found[functions]
    found = []
    for function in functions:
        module = _companion(
            function.__module__, C_SUFFIX, _c_modules, lambda m: getattr(m, C_FINGERPRINT, None)
        )
        built: Callable[..., Any] | None = getattr(module, function.__name__, None)
        if built is None:
            _c_found[functions] = None
            return None
        found.append(built)
    _c_found[functions] = tuple(found)
    return _c_found[functions]


def _source_fingerprint(name: str) -> int | None:
    """The fingerprint of kernel module ``name``'s source file, None when unreadable."""
    source = getattr(sys.modules.get(name), "__file__", None)
    if source is None:
        return None
    try:
        with open(source, "rb") as handle:
            return fingerprint(handle.read())
    except OSError:
        return None


_loading: dict[tuple[str, str], threading.Event] = {}


def releases_gil(function: Callable[..., Any]) -> bool:
    """Whether ``kernel(function)`` now runs without holding the GIL: numba's JIT version
    does (``nogil``); an ahead-of-time build does not (``pycc`` has no such option), and
    neither does the plain function."""
    if os.environ.get("NUMPUZZLES_NO_JIT"):
        return False
    found = _cache.get((function.__module__, function.__name__))
    return found is not None and hasattr(found, "signatures")


def load_nogil_in_background(*functions: Callable[..., Any]) -> list[threading.Event]:
    """Start loading numba's JIT version of each kernel ``function`` in a daemon thread;
    once it is compiled (or read from numba's disk cache) ``kernel`` returns it instead of
    the ahead-of-time build.  Returns events set when each load is over (loaded or failed).

    Why: the ahead-of-time build answers a fresh process's first boards without numba's
    start-up, but it holds the GIL, so a search racing SAT in a second thread
    (``numberlink/solve/race.py``) would share one core with SAT's model building.  Hard boards,
    the ones that reach a race, are worth numba's second of loading; searches fetch
    ``kernel(...)`` before every chunk and so switch on their next chunk.  Both versions
    run the same code on the same arrays, so a switch mid-search changes nothing else.
    """
    events = []
    wanted = []
    for function in functions:
        key = (function.__module__, function.__name__)
        event = _loading.get(key)
        if event is None:
            event = _loading[key] = threading.Event()
            if releases_gil(function) or os.environ.get("NUMPUZZLES_NO_JIT"):
                event.set()
            else:
                wanted.append((function, event))
        events.append(event)

    def load() -> None:
        for function, event in wanted:
            try:
                _load_nogil(function)
            finally:
                event.set()

    if wanted:
        threading.Thread(target=load, name="numpuzzles-jit-load", daemon=True).start()
    return events


def _load_nogil(function: Callable[..., Any]) -> None:
    """Compile or load ``function``'s JIT version for the arrays the searches pass (all
    C-contiguous: the version a plain JIT call makes and caches), then serve it."""
    compiled = jit_function(function, True)
    module = sys.modules[function.__module__]
    signature = getattr(module, "AOT_EXPORTS", {}).get(function.__name__)
    if signature is None or not hasattr(compiled, "compile"):
        return
    contiguous = signature.replace("[:, :]", "[:, ::1]").replace("[:]", "[::1]")
    try:
        compiled.compile(contiguous)
    except Exception:  # the ahead-of-time build goes on serving
        return
    _cache[(function.__module__, function.__name__)] = compiled


def _aot_module(name: str) -> ModuleType | None:
    """The ahead-of-time module of kernel module ``name`` when it matches the source."""
    return _companion(name, AOT_SUFFIX, _modules, lambda m: getattr(m, FINGERPRINT)())


def _companion(
    name: str,
    suffix: str,
    cache: dict[str, ModuleType | None],
    stamp: Callable[[ModuleType], object],
) -> ModuleType | None:
    """The built module ``name + suffix`` when the fingerprint it carries (``stamp``
    reads it) is that of kernel module ``name``'s source now, else None; looked up once
    per name (``cache``)."""
    if name not in cache:
        cache[name] = None
        try:
            built = importlib.import_module(name + suffix)
        except ImportError:
            return None
        current = _source_fingerprint(name)
        if current is not None and stamp(built) == current:
            cache[name] = built
    return cache[name]


_helpers_registered: set[str] = set()


def register_helpers(module: ModuleType) -> None:
    """Let numba compile every function defined in kernel ``module`` when a kernel calls it
    (once per module; the functions stay plain Python for the plain path)."""
    import inspect

    from numba.extending import register_jitable

    if module.__name__ in _helpers_registered:
        return
    _helpers_registered.add(module.__name__)
    for value in list(vars(module).values()):
        if inspect.isfunction(value) and value.__module__ == module.__name__:
            register_jitable(value)


def jit_function(function: Callable[..., Any], nogil: bool) -> Callable[..., Any]:
    """numba's JIT version of ``function``, or ``function`` when numba is missing."""
    try:
        from numba import njit
    except ImportError:  # pragma: no cover - numba is a declared dependency
        return function
    register_helpers(sys.modules[function.__module__])
    try:
        compiled: Callable[..., Any] = njit(cache=True, nogil=nogil)(function)
    except RuntimeError:  # no writable cache directory anywhere: compile every run
        compiled = njit(cache=False, nogil=nogil)(function)
    return compiled


def build(source: Path, output: Path) -> None:
    """Compile the kernel module at ``source`` ahead of time into the extension module file
    ``output`` (its name decides the module's: ``<kernel module>_aot`` plus the platform's
    suffix).  Needs numba with ``pycc`` and a C compiler; raises whatever they raise."""
    import warnings

    # the folder in the name too: two kernel modules may share a stem (numberlink's count
    # and survo both have a ``meet_kernel``), and helpers are registered once per name
    spec = importlib.util.spec_from_file_location(
        f"_aot_source_{source.parent.name}_{source.stem}", source)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {source}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pycc's pending-deprecation notice
        pycc = importlib.import_module("numba.pycc")

    name = output.name.split(".")[0]
    compiler: Any = pycc.CC(name)
    compiler.output_dir = str(output.parent)
    compiler.output_file = output.name
    compiler.verbose = False
    register_helpers(module)
    for function_name, signature in module.AOT_EXPORTS.items():
        compiler.export(function_name, signature)(getattr(module, function_name))
    value = fingerprint(source.read_bytes())

    def aot_fingerprint() -> int:
        return value

    compiler.export(FINGERPRINT, "int64()")(aot_fingerprint)
    output.parent.mkdir(parents=True, exist_ok=True)
    compiler.compile()


def build_c(source: Path, output: Path, name: str) -> None:
    """Compile the kernel module at ``source`` with Cython into the extension module file
    ``output``, importable as ``name`` (``<kernel module>_c``), with the C types of the
    ``.pxd`` beside ``source``.  Needs Cython, setuptools and a C compiler; raises whatever
    they raise.  The source is compiled from a copy named after the module, with its
    fingerprint appended as ``C_FINGERPRINT``."""
    import shutil
    import tempfile
    from pathlib import Path

    setuptools: Any = importlib.import_module("setuptools")  # by name: no type information
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        extensions = _cythonize(source, name, work)
        command = setuptools.Distribution({"ext_modules": extensions}).get_command_obj("build_ext")
        command.build_lib = str(work / "lib")
        command.build_temp = str(work / "temp")
        command.ensure_finalized()
        command.run()
        built = Path(command.get_ext_fullpath(name))
        output.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, output)


def c_translation(source: Path, name: str, folder: Path) -> str:
    """The C code Cython makes of the kernel module at ``source`` for ``build_c`` (built
    as ``name``), written under ``folder``, without compiling it.  Why: where Cython cannot
    tell a local's C type, the local is a Python object and every node of a search pays
    for it (the scan kernel ran 1.6x slower so until 2026-12-06); the tests read this code
    to see that no kernel function keeps one."""
    from pathlib import Path

    (extension,) = _cythonize(source, name, folder)
    return Path(extension.sources[0]).read_text(encoding="utf-8")


def _cythonize(source: Path, name: str, work: Path) -> list[Any]:
    """Cython's extension for ``build_c``, its C code written under ``work``."""
    import shutil

    # by name: neither ships type information, and both are only needed by a build
    cythonize: Any = importlib.import_module("Cython.Build").cythonize
    setuptools: Any = importlib.import_module("setuptools")

    *packages, stem = name.split(".")
    # Cython finds a module's .pxd by its full name, so the copy sits in its packages
    package = work.joinpath(*packages)
    package.mkdir(parents=True, exist_ok=True)
    for level in range(len(packages)):
        work.joinpath(*packages[: level + 1], "__init__.py").touch()
    text = source.read_text(encoding="utf-8")
    value = fingerprint(source.read_bytes())
    copy = package / f"{stem}.py"
    copy.write_text(f"{text}\n{C_FINGERPRINT} = {value}\n", "utf-8")
    shutil.copyfile(source.with_suffix(".pxd"), package / f"{stem}.pxd")
    extensions: list[Any] = cythonize(
        [setuptools.Extension(name, [str(copy)])],
        compiler_directives=C_DIRECTIVES,
        build_dir=str(work / "c"),
        quiet=True,
    )
    return extensions


def build_in_place(root: Path) -> list[Path]:
    """Build every module of ``KERNEL_MODULES`` next to its source under ``root`` (the
    directory holding the ``numpuzzles`` package); the files written."""
    import sysconfig

    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    written = []
    for name in KERNEL_MODULES:
        source = root.joinpath(*name.split(".")).with_suffix(".py")
        output = source.with_name(source.stem + AOT_SUFFIX + suffix)
        build(source, output)
        written.append(output)
    for name in C_MODULES:
        source = root.joinpath(*name.split(".")).with_suffix(".py")
        output = source.with_name(source.stem + C_SUFFIX + suffix)
        build_c(source, output, name + C_SUFFIX)
        written.append(output)
    return written


if __name__ == "__main__":  # pragma: no cover - a developer's build command
    from pathlib import Path

    for path in build_in_place(Path(__file__).resolve().parents[2]):
        sys.stdout.write(f"built {path}\n")
