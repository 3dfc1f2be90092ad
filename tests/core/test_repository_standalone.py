"""The repository stands alone: no test or benchmark reads a file from outside the checkout.

A fresh clone with nothing beside it must pass its tests.  The corpora once lived in a
directory next to the checkout and were reached by climbing above the repository root
(``Path(__file__).parents[N].parent``) or by an absolute path into the author's machine;
both broke in a clean clone.  This test reads every ``.py`` file under tests/ and bench/ and
reports each way of naming a path outside the repository that it knows:

- a string or comment naming an absolute path into a work or home directory (under
  ``/work``, ``/home``, ``/Users``, ... or starting with ``~``) or stepping up with a
  ``..`` path segment;
- a ``Path(__file__)`` / ``os.path.dirname(__file__)`` chain that climbs more levels than
  the file lies below the repository root;
- a path join or ``Path(...)`` argument that is ``"shared"`` (the old sibling data
  directory's name) or ``".."``.

It also checks that every file under tests/data is described in tests/data/README.md (the
provenance and licence record) and actually named by some test or benchmark, so the copied
corpora neither lose their provenance nor go stale.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("tests", "bench")
DATA = ROOT / "tests" / "data"

# Written so that this file's own source does not match them.
_ABSOLUTE = re.compile(r"(?<![\w.])/(?:work|home|Users|root|mnt|srv|media)/|(?<!\w)~[/\\]")
_UP = "." + "."
_UP_SEGMENT = re.compile(r"(?:^|[/\\\s\"'(])\.\.[/\\]")


def _text_findings(source: str) -> list[str]:
    """Absolute home/work paths and ``..`` segments in string values and comments."""
    texts: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            texts.append((node.lineno, node.value))
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            texts.append((token.start[0], token.string))
    found = []
    for line, text in texts:
        for piece in text.splitlines() or [text]:
            if _ABSOLUTE.search(piece):
                found.append(f"line {line}: absolute path outside the repository: {piece!r}")
            elif _UP_SEGMENT.search(piece):
                found.append(f"line {line}: '..' path segment: {piece!r}")
    return found


def _levels_up(node: ast.expr) -> int | None:
    """How many directories above ``__file__`` the expression names (None: not such a path).

    ``Path(__file__)`` is 0, each ``.parent`` or ``os.path.dirname`` adds one,
    ``.parents[N]`` adds N + 1, ``.resolve()`` / ``.absolute()`` add nothing.
    """
    if isinstance(node, ast.Name) and node.id == "__file__":
        return 0
    if isinstance(node, ast.Attribute) and node.attr == "parent":
        inner = _levels_up(node.value)
        return None if inner is None else inner + 1
    if (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "parents"
        and isinstance(node.slice, ast.Constant)
        and isinstance(node.slice.value, int)
    ):
        inner = _levels_up(node.value.value)
        return None if inner is None else inner + node.slice.value + 1
    if isinstance(node, ast.Call):
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in ("resolve", "absolute") and isinstance(func, ast.Attribute):
            return _levels_up(func.value)
        if name in ("Path", "PurePath", "abspath", "realpath") and len(node.args) == 1:
            return _levels_up(node.args[0])
        if name == "dirname" and len(node.args) == 1:
            inner = _levels_up(node.args[0])
            return None if inner is None else inner + 1
    return None


def _tree_findings(source: str, depth: int) -> list[str]:
    """``__file__`` chains climbing above the root; ``"shared"`` or ``".."`` path parts.

    ``depth`` is the number of path components of the file below the repository root
    (tests/core/x.py: 3); climbing that many levels reaches the root, one more leaves it.
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.expr):
            levels = _levels_up(node)
            if levels is not None and levels > depth:
                found.append(
                    f"line {node.lineno}: climbs {levels} levels from a file "
                    f"{depth} below the repository root"
                )
        parts: list[ast.expr] = []
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            parts = [node.left, node.right]
        elif isinstance(node, ast.Call):
            parts = list(node.args)  # Path("a", "b"), os.path.join(...), joinpath(...)
        for part in parts:
            if isinstance(part, ast.Constant) and part.value in ("shared", _UP):
                found.append(f"line {part.lineno}: path component {part.value!r}")
    return found


def findings(source: str, depth: int) -> list[str]:
    return _text_findings(source) + _tree_findings(source, depth)


def _scanned_files() -> list[Path]:
    return sorted(p for d in SCANNED for p in (ROOT / d).rglob("*.py"))


def test_the_scan_covers_the_tests_and_benchmarks() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in _scanned_files()}
    assert "tests/core/test_repository_standalone.py" in names
    assert "bench/numberlink_bench.py" in names
    assert "tests/numberlink/test_numberlink_scan.py" in names


@pytest.mark.parametrize("path", _scanned_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_file_names_a_path_outside_the_repository(path: Path) -> None:
    depth = len(path.relative_to(ROOT).parts)
    assert findings(path.read_text(encoding="utf-8"), depth) == []


# Each was a real way out of the checkout (the first three as they stood before the corpora
# were copied in), or a close variant.  ``_SH`` is spelt in pieces so that this file does
# not itself match the simple text searches that look for such paths.
_SH = "sha" + "red"
_ESCAPES = [
    f'DATA = Path(__file__).resolve().parents[2].parent / "{_SH}" / "data" / "numberlink"',
    'EXAMPLE = Path("/' + f'work/{_SH}/data/numberlink/seed-union-find-7x7.txt")',
    f'"""Run from the repository root (the corpora live in {_UP}/{_SH}/data/numberlink/)"""',
    'DATA = Path(__file__).resolve().parents[3] / "corpora"',
    'DATA = Path(__file__).parent.parent.parent.parent / "corpora"',
    "DATA = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(__file__))))",
    f'DATA = Path(__file__).parent / "{_UP}" / "{_UP}" / "{_UP}" / "corpora"',
    f"DATA = ROOT / '{_SH}' / 'data'",
    'DATA = Path("~' + '/corpora")',
    'DATA = Path("/' + 'home/someone/corpora")',
    f'DATA = os.path.join(os.path.dirname(__file__), "{_UP}", "{_UP}", "{_UP}", "x")',
    "DATA = Path(__file__).parents[1]  # was /" + f"work/{_SH}/data",
]


@pytest.mark.parametrize("source", _ESCAPES)
def test_the_scan_finds_each_known_escape(source: str) -> None:
    assert findings(source, depth=3) != []


@pytest.mark.parametrize(
    "source",
    [
        'DATA = Path(__file__).resolve().parents[1] / "data" / "numberlink"',
        'DATA = Path(__file__).resolve().parents[2] / "tests" / "data"',
        "HERE = Path(__file__).parent.parent.parent",
        'main(["solve", "/nonexistent/file.txt"])',
        'text = "3 1\\n1..\\n"  # an ahle board: dots are empty cells',
        'note = "shared by the tests"',
        'print(f"seeds {seed}..{seed + n - 1}")',
    ],
)
def test_the_scan_accepts_paths_inside_the_repository(source: str) -> None:
    assert findings(source, depth=3) == []


def _data_files() -> list[Path]:
    return sorted(p for p in DATA.rglob("*") if p.is_file() and p.name != "README.md")


def test_every_corpus_file_has_its_provenance_recorded() -> None:
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    assert _data_files(), "tests/data holds no corpus files"
    missing = [p.relative_to(DATA).as_posix() for p in _data_files() if p.name not in readme]
    assert missing == []


def test_every_corpus_file_is_read_by_some_test_or_benchmark() -> None:
    this = Path(__file__).resolve()
    readers = [p for p in _scanned_files() if p.resolve() != this]  # this file only quotes
    sources = "\n".join(p.read_text(encoding="utf-8") for p in readers)
    unread = [p.relative_to(DATA).as_posix() for p in _data_files() if p.name not in sources]
    assert unread == []
