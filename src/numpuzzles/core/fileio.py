"""Writing files without ever leaving a half-written or clobbered file behind.

The text goes to a temporary file beside the target, which is then renamed over it: a
crash, a full disk or a failed write leaves the old file untouched and no temporary file
behind.  The temporary file is created with mode 0666 so that the kernel applies the
user's umask, exactly as for a file opened for writing the ordinary way (``mkstemp`` would
give 0600 and make every ``-o`` file private); when a file is replaced, its mode is kept.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from typing import TYPE_CHECKING

from .errors import NumpuzzlesError, OutputFileError

if TYPE_CHECKING:  # imported where a file is written: pathlib costs a solving process ~10 ms
    from pathlib import Path

_NEW_FILE_MODE = 0o666
"""Before the umask, as ``open(path, "w")`` creates files."""


def _create_temp(directory: Path, name: str) -> tuple[int, Path]:
    """A new, empty, exclusively created file beside the target, and its path."""
    import secrets  # here: a process that writes no file never imports it

    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    while True:
        tmp = directory / f".{name}.{secrets.token_hex(6)}.tmp"
        try:
            return os.open(tmp, flags, _NEW_FILE_MODE), tmp
        except FileExistsError:
            continue


def _reason(exc: OSError, target: Path, directory: Path) -> str:
    if isinstance(exc, FileNotFoundError):
        return f"cannot write {target}: the directory {directory} does not exist"
    if isinstance(exc, NotADirectoryError):
        return f"cannot write {target}: {directory} is not a directory"
    if isinstance(exc, PermissionError):
        return f"cannot write {target}: permission denied"
    if isinstance(exc, IsADirectoryError):
        return f"cannot write {target}: it is a directory"
    return f"cannot write {target}: {exc.strerror or exc}"


def check_writable(path: str | os.PathLike[str]) -> None:
    """Raise ``OutputFileError`` now if ``atomic_write_text(path, ...)`` could not work,
    so that a command refuses an unusable output file before its work, not after."""
    from pathlib import Path

    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise OutputFileError(_reason(IsADirectoryError(), target, directory))
    if not directory.exists():
        raise OutputFileError(_reason(FileNotFoundError(), target, directory))
    if not directory.is_dir():
        raise OutputFileError(_reason(NotADirectoryError(), target, directory))
    if not os.access(directory, os.W_OK | os.X_OK):
        raise OutputFileError(_reason(PermissionError(), target, directory))


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file renamed into place.

    A new file gets mode 0666 less the umask; a replaced file keeps its mode.  Any failure
    (a missing or unwritable directory, a full disk) raises ``OutputFileError`` and leaves
    the old file as it was.
    """
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """``atomic_write_text`` for bytes (a PNG or PDF drawing)."""
    from pathlib import Path

    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = _create_temp(directory, target.name)
    except OSError as exc:
        raise OutputFileError(_reason(exc, target, directory)) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            with contextlib.suppress(FileNotFoundError):
                os.fchmod(handle.fileno(), stat.S_IMODE(os.stat(target).st_mode))
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise OutputFileError(_reason(exc, target, directory)) from None
        raise


@contextlib.contextmanager
def reading(path: object, directory_words: str = "is a directory") -> Iterator[None]:
    """Read ``path`` inside this block: a missing file, a directory, text that is not
    UTF-8 or any other read error becomes one ``NumpuzzlesError`` naming the file.  Why
    one place: every reader (puzzle files, pack files) says the same things the same way."""
    try:
        yield
    except FileNotFoundError:
        raise NumpuzzlesError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise NumpuzzlesError(f"{path}: {directory_words}") from None
    except UnicodeDecodeError:
        raise NumpuzzlesError(f"{path}: not a UTF-8 text file") from None
    except OSError as exc:
        raise NumpuzzlesError(f"{path}: cannot read it ({exc.strerror or exc})") from None
