"""Fuzzing every reader of every family: bad text is a package error, never a crash.

Each reader gets real inputs of its family (written by the package's own writers from a few
small puzzles, plus the shared corpora when they are there) mutated many times: characters
flipped, spans deleted, numbers swapped for -1, 0, 10**20 or a 5000-digit number, ``-``,
``?`` and non-ASCII digits inserted, lines duplicated, dropped and swapped, JSON values
swapped for values of another type or nested too deep.  A reader may refuse a mutant only
with a ``NumpuzzlesError`` (``PuzzleFormatError`` and friends); anything else (IndexError,
OverflowError, MemoryError, RecursionError, a bare ValueError...) is a bug in that reader.

Two drivers: a deterministic loop (``random.Random`` seeded by the reader's name, so a
failure reproduces) feeding ``MUTANTS_PER_READER`` mutants to each reader, and hypothesis
drawing its own mutation sequences and inserted text for each family.
"""

from __future__ import annotations

import json
import math
import random
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from numpuzzles.core.errors import NumpuzzlesError, PuzzleFormatError
from numpuzzles.fubuki import formats as fubuki_formats
from numpuzzles.fubuki.model import Puzzle as FubukiPuzzle
from numpuzzles.numberlink import formats as nl_formats
from numpuzzles.numberlink.formats.grid import MAX_CELLS
from numpuzzles.numberlink.generate.unionfind import generate_unionfind
from numpuzzles.numberlink.generate.unique import Params
from numpuzzles.numberlink.generate.unique import generate as _generate
from numpuzzles.numberlink.model import Puzzle as NlPuzzle
from numpuzzles.numberlink.model import Solution as NlSolution
from numpuzzles.nummatch.board import parse_board
from numpuzzles.nummatch.family import FAMILY as NUMMATCH

MUTANTS_PER_READER = 2000
"""Mutants each reader gets from the deterministic loop."""

DATA = Path(__file__).resolve().parents[1] / "data"

# --- seeds: real inputs written by the package's own writers ------------------------------


def _fubuki_puzzles() -> list[FubukiPuzzle]:
    """Puzzles built from known fillings (no solver involved): plain, hidden, variants."""
    out = []
    for n, givens_at in ((3, (0, 4)), (4, (1, 6, 11)), (5, (0, 12, 24))):
        filling = list(range(n * n, 0, -1))
        rows = tuple(sum(filling[r * n : (r + 1) * n]) for r in range(n))
        cols = tuple(sum(filling[c::n]) for c in range(n))
        givens = tuple(v if i in givens_at else 0 for i, v in enumerate(filling))
        diagonals = (sum(filling[i * n + i] for i in range(n)), None)
        out.append(FubukiPuzzle(n, rows, cols, givens))
        out.append(FubukiPuzzle(n, (None, *rows[1:]), cols, givens, diagonals))
        products = tuple(math.prod(filling[r * n : (r + 1) * n]) for r in range(n))
        col_products = tuple(math.prod(filling[c::n]) for c in range(n))
        out.append(FubukiPuzzle(n, products, col_products, givens, None, True))
    return out


def _fubuki_seeds() -> dict[str, list[str]]:
    puzzles = _fubuki_puzzles()
    text = [fubuki_formats.dump(p, "text") for p in puzzles]
    as_json = [fubuki_formats.dump(p, "json") for p in puzzles]
    as_json.append(json.dumps([fubuki_formats.to_json(p) for p in puzzles[:3]]))
    as_json.append(json.dumps({"puzzle": fubuki_formats.to_json(puzzles[0])}))
    text.append("\n".join(text[:3]))
    fillings = ["9 8 7/6 5 4/3 2 1", "1,2,3,4\n5,6,7,8\n9,10,11,12\n13,14,15,16", "3 5 8/1 2 4"]
    return {"text": text, "json": as_json, "filling": fillings}


def _nummatch_seeds() -> list[str]:
    rnd = random.Random(7)
    boards = ["18866/62725/32795/34448", "123456789/111213141/5161718", "19\n28\n", "5"]
    for width, height in ((5, 4), (9, 3), (6, 6)):
        rows = ["".join(str(rnd.randint(0, 9)) for _ in range(width)) for _ in range(height)]
        boards.append("/".join(rows))
        boards.append("\n".join(rows) + "\n")
        boards.append("\n".join([*rows[:-1], rows[-1][:2]]) + "\n")
    boards.append("\n\n".join(b.replace("/", "\n") for b in boards[:4]))
    return boards


def generate(params: Params, seed: int) -> Any:
    """A unique puzzle proved by the deduction solver alone (fast, no SAT)."""
    return _generate(params, seed, prover=None)


def _numberlink_items() -> list[tuple[NlPuzzle, NlSolution]]:
    made = [generate(Params(5, 5), 0), generate(Params(5, 5), 1), generate(Params(4, 6), 2)]
    items = [(g.puzzle, g.solution) for g in made]
    board = generate_unionfind(5, 4, 3)
    items.append((board.puzzle, board.solution))
    return items


def _numberlink_seeds() -> tuple[dict[str, list[str]], dict[str, list[str]], NlPuzzle]:
    """Puzzle texts and solution texts per format, and the puzzle the solutions belong to."""
    items = _numberlink_items()
    puzzles: dict[str, list[str]] = {fmt: [] for fmt in nl_formats.FORMATS}
    solutions: dict[str, list[str]] = {fmt: [] for fmt in nl_formats.FORMATS}
    for puzzle, solution in items:
        for fmt in nl_formats.FORMATS:
            try:
                puzzles[fmt].append(nl_formats.dump(puzzle, fmt))
                if fmt != "puzzlink":
                    solutions[fmt].append(nl_formats.dump(puzzle, fmt, solution))
            except NumpuzzlesError:  # a format that cannot express this puzzle
                continue
    letters = "A.B.\n....\nA..B\n"
    puzzles["letters"].append(letters)
    puzzles["letters"].append(letters + "\n" + letters.replace("A", "x"))
    puzzles["ahle"].append("# comment\n4 3\nA.B.\n....\nA..B\n0 0\n")
    puzzles["numeric"].append("4 3\n1 0 2 0\n0 -1 0 0\n1 0 0 2\n\n3 1\n1 0 1\n")
    puzzles["puzzlink"].append("https://puzz.link/p?arukone/e/5/5/1j2h3m1h2j3\n")
    puzzles["json"].append(json.dumps([json.loads(puzzles["json"][0])] * 2))
    solve_answer = {"solutions": [json.loads(solutions["json"][0])["solution"]]}
    solutions["json"].append(json.dumps(solve_answer))
    for name in ("ahle-inputs2.txt", "ahle-inputs10.txt", "seed-union-find-7x7.txt"):
        path = DATA / "numberlink" / name
        target = "table" if "union" in name else "ahle"
        puzzles[target].append(path.read_text()[:3000])
    return puzzles, solutions, items[0][0]


def _arukone_seeds() -> list[str]:
    texts = []
    for puzzle, _ in _numberlink_items()[:2]:
        texts.append(nl_formats.format_module("bwinf").dump(puzzle, seed=12345))
    texts.append("".join(texts) + "\n" + texts[0])
    texts.append((DATA / "arukone" / "seed-examples.txt").read_text())
    return texts


FUBUKI = _fubuki_seeds()
NUMMATCH_SEEDS = _nummatch_seeds()
NL_PUZZLES, NL_SOLUTIONS, NL_PUZZLE = _numberlink_seeds()
ARUKONE = _arukone_seeds()
NL_ALL = [text for texts in NL_PUZZLES.values() for text in texts]

# --- the readers ------------------------------------------------------------------------

Reader = Callable[[str], object]


def _readers() -> dict[str, tuple[Reader, list[str]]]:
    """Every reader under test with the seeds it is fed (its own format first)."""
    fubuki_all = FUBUKI["text"] + FUBUKI["json"]
    readers: dict[str, tuple[Reader, list[str]]] = {
        "fubuki.parse(None)": (lambda t: fubuki_formats.parse(t), fubuki_all),
        "fubuki.parse(text)": (lambda t: fubuki_formats.parse(t, "text"), FUBUKI["text"]),
        "fubuki.parse(json)": (lambda t: fubuki_formats.parse(t, "json"), FUBUKI["json"]),
        "fubuki.parse_filling": (fubuki_formats.parse_filling, FUBUKI["filling"]),
        "fubuki.parse_filling(size=3)": (
            lambda t: fubuki_formats.parse_filling(t, 3),
            FUBUKI["filling"],
        ),
        "nummatch.parse_board": (parse_board, NUMMATCH_SEEDS),
        "nummatch.parse_board(short)": (
            lambda t: parse_board(t, allow_short_last_row=True),
            NUMMATCH_SEEDS,
        ),
        "nummatch.FAMILY.parse": (NUMMATCH.parse, NUMMATCH_SEEDS),
        "numberlink.sniff": (nl_formats.sniff, NL_ALL),
        "numberlink.parse(None)": (lambda t: nl_formats.parse(t), NL_ALL),
        "numberlink.parse_solution(None)": (
            lambda t: nl_formats.parse_solution(t, NL_PUZZLE),
            [s for texts in NL_SOLUTIONS.values() for s in texts],
        ),
        "arukone.bwinf": (lambda t: nl_formats.parse(t, "bwinf"), ARUKONE),
    }
    for fmt in nl_formats.FORMATS:
        own = NL_PUZZLES[fmt]
        sols = NL_SOLUTIONS[fmt] or own
        readers[f"numberlink.parse({fmt})"] = (_parse_as(fmt), own + own + NL_ALL[::7])
        readers[f"numberlink.parse_solution({fmt})"] = (
            _solution_as(fmt),
            sols + sols + NL_ALL[::11],
        )
    return readers


def _parse_as(fmt: str) -> Reader:
    return lambda text: nl_formats.parse(text, fmt)


def _solution_as(fmt: str) -> Reader:
    return lambda text: nl_formats.parse_solution(text, NL_PUZZLE, fmt)


READERS = _readers()

# --- mutations ---------------------------------------------------------------------------

NUMBERS = [
    "0", "-1", "-2", "1", "9", "10", "00", "1000", "1000000", "1000000000", str(2**63),
    "100000000000000000000", "9" * 5000, "1²", "٣", "-0",
]
ODD_TEXT = [
    "-", "?", ".", "#", "|", "||", ",", "/", "X", "x", "{", "}", "[", "]", ":", '"', " ",
    "\t", "\n", "\n\n", "\r\n", "é", "²", "٣", "١٢", "\u2028", "\x00", "\ufeff", "ß", "🙂",
    "SEED: 1", "SIZE ", "LINE#", "p?numlin/", "0 0", "1_000", "+5", "1e5", "NaN", "Infinity",
]
ALPHABET = "0123456789-?.#|/ \n,:{}[]\"abcXzé²٣"
JSON_SWAPS: list[Any] = [
    None, True, False, 0, -1, 1.5, 10**20, "", "3", "?", [], [[]], {}, {"grid": []},
    [[1, 0], [0, 1]], [None], ["a"], 2**70,
]


def _swap_number(text: str, rnd: random.Random) -> str:
    spans = [i for i, c in enumerate(text) if c.isdigit() and (i == 0 or not text[i - 1].isdigit())]
    if not spans:
        return text + rnd.choice(NUMBERS)
    start = rnd.choice(spans)
    end = start
    while end < len(text) and text[end].isdigit():
        end += 1
    return text[:start] + rnd.choice(NUMBERS) + text[end:]


def _swap_json(text: str, rnd: random.Random) -> str:
    """A JSON value somewhere in the text replaced by one of another type."""
    lines = text.splitlines() or [text]
    index = rnd.randrange(len(lines))
    try:
        value = json.loads(lines[index])
    except (ValueError, RecursionError):
        try:
            value = json.loads(text)
            index = -1
        except (ValueError, RecursionError):
            return text
    nodes: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, child in node.items():
                nodes.append((node, key))
                walk(child)
        elif isinstance(node, list):
            for i, child in enumerate(node):
                nodes.append((node, i))
                walk(child)

    walk(value)
    if not nodes:
        value = rnd.choice(JSON_SWAPS)
    else:
        parent, key = rnd.choice(nodes)
        if rnd.random() < 0.2:
            del parent[key]
        else:
            parent[key] = rnd.choice(JSON_SWAPS)
    dumped = json.dumps(value)
    if index == -1:
        return dumped
    lines[index] = dumped
    return "\n".join(lines)


def _mutate_once(text: str, rnd: random.Random) -> str:
    kind = rnd.randrange(14)
    pos = rnd.randrange(len(text) + 1)
    lines = text.split("\n")
    line = rnd.randrange(len(lines))
    if kind == 0:  # flip a character
        return text[:pos] + rnd.choice(ALPHABET) + text[pos + 1 :]
    if kind == 1:  # delete a span
        return text[:pos] + text[pos + rnd.randint(1, 8) :]
    if kind == 2:  # insert odd text
        return text[:pos] + rnd.choice(ODD_TEXT) + text[pos:]
    if kind == 3:  # insert a number
        return text[:pos] + rnd.choice(NUMBERS) + text[pos:]
    if kind in (4, 5):  # swap a number for another
        return _swap_number(text, rnd)
    if kind == 6:  # duplicate a line
        return "\n".join(lines[: line + 1] + lines[line:])
    if kind == 7:  # remove a line
        return "\n".join(lines[:line] + lines[line + 1 :])
    if kind == 8:  # swap two lines
        other = rnd.randrange(len(lines))
        lines[line], lines[other] = lines[other], lines[line]
        return "\n".join(lines)
    if kind == 9:  # a bit flipped in the UTF-8 bytes
        data = bytearray(text.encode("utf-8", errors="surrogateescape"))
        if data:
            data[rnd.randrange(len(data))] ^= 1 << rnd.randrange(8)
        return data.decode("utf-8", errors="surrogateescape")
    if kind == 10:  # JSON type swap (JSON input), else truncation
        return _swap_json(text, rnd) if "{" in text or "[" in text else text[:pos]
    if kind == 11:  # nested too deep for a recursive parser
        depth = rnd.choice((50, 5000, 100_000))
        return text[:pos] + "[" * depth + "]" * rnd.choice((0, depth)) + text[pos:]
    if kind == 12:  # the whole text twice (one puzzle becomes many)
        return text + rnd.choice(("", "\n", "\n\n")) + text
    return text[:pos]  # truncation


def mutate(text: str, rnd: random.Random) -> str:
    """One to three stacked mutations of ``text``."""
    for _ in range(rnd.choice((1, 1, 2, 3))):
        text = _mutate_once(text, rnd)
    return text


def _feed(reader: Reader, text: str) -> BaseException | None:
    """The exception ``reader`` raised on ``text`` that is not the package's own, if any."""
    try:
        reader(text)
    except NumpuzzlesError:
        return None
    except Exception as exc:  # any other exception (RecursionError, MemoryError too) is a find
        return exc
    return None


def _crashes(reader: Reader, texts: list[str]) -> list[str]:
    found = []
    for text in texts:
        exc = _feed(reader, text)
        if exc is not None:
            found.append(f"{type(exc).__name__}: {str(exc)[:80]} <- {text[:160]!r}")
    return found


def mutants(name: str, seeds: list[str], count: int) -> list[str]:
    """``count`` deterministic mutants of ``seeds`` for the reader ``name``."""
    rnd = random.Random(zlib.crc32(name.encode()))
    return [mutate(rnd.choice(seeds), rnd) for _ in range(count)]


# --- the tests ---------------------------------------------------------------------------


def test_every_reader_reads_its_seeds() -> None:
    """The seeds are real inputs: each reader accepts its own format's seeds."""
    for name, (reader, seeds) in READERS.items():
        if name == "numberlink.parse_solution(puzzlink)":  # a URL holds no solution
            continue
        reader(seeds[0])


@pytest.mark.parametrize("name", sorted(READERS))
def test_mutants_raise_only_package_errors(name: str) -> None:
    reader, seeds = READERS[name]
    found = _crashes(reader, mutants(name, seeds, MUTANTS_PER_READER))
    assert not found, f"{len(found)} crashes, first: " + "\n".join(found[:5])


FAMILY_READERS = {
    "fubuki": [n for n in READERS if n.startswith("fubuki")],
    "nummatch": [n for n in READERS if n.startswith("nummatch")],
    "numberlink": [n for n in READERS if n.startswith("numberlink")],
    "arukone": ["arukone.bwinf"],
}


@pytest.mark.parametrize("family", sorted(FAMILY_READERS))
def test_hypothesis_mutations(family: str) -> None:
    """Hypothesis draws the reader, the seed, the mutation seed and text to splice in."""
    names = FAMILY_READERS[family]

    @given(
        name=st.sampled_from(names),
        pick=st.integers(0, 10**6),
        mutation_seed=st.integers(0, 2**32),
        inserted=st.text(max_size=12),
        at=st.floats(0, 1),
    )
    @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    def check(name: str, pick: int, mutation_seed: int, inserted: str, at: float) -> None:
        reader, seeds = READERS[name]
        text = mutate(seeds[pick % len(seeds)], random.Random(mutation_seed))
        cut = int(len(text) * at)
        text = text[:cut] + inserted + text[cut:]
        exc = _feed(reader, text)
        assert exc is None, f"{name}: {type(exc).__name__}: {exc} <- {text[:200]!r}"

    check()


def test_the_fuzzer_catches_a_crashing_reader() -> None:
    """A reader that crashes on some mutant is reported: the fuzzer can fail."""

    def fragile(text: str) -> object:
        lines = text.splitlines()
        return int(lines[0].split()[0])  # IndexError / ValueError on many mutants

    found = _crashes(fragile, mutants("fragile", NL_PUZZLES["numeric"], 200))
    assert found
    assert any(line.startswith(("IndexError", "ValueError")) for line in found)


# --- through the registry: every family's own parse and parse_solution --------------------

REGISTRY_MUTANTS = 600
"""Mutants per (family, format) pair read through ``Family.parse``."""


def _registry_cases() -> list[tuple[str, str | None]]:
    from numpuzzles.families import NAMES, family

    return [(name, fmt) for name in NAMES for fmt in (None, *family(name).formats)]


def _registry_seeds(name: str, fmt: str | None) -> tuple[list[str], Any]:
    """Texts in ``fmt`` of a few generated puzzles of the family (and their solutions)."""
    from numpuzzles.core.errors import InvalidParameterError, InvalidPuzzleError
    from numpuzzles.families import family

    fam = family(name)
    small = {"fubuki": {}, "nummatch": {"width": 4, "height": 2},
             "numberlink": {"size": "5x5"}, "arukone": {"n": 5}, "survo": {"shape": "3x4"}}[name]
    items = [fam.generate(small, seed) for seed in (1, 2)]
    texts = []
    for item in items:
        try:
            texts.append(fam.dump(item.puzzle, fmt))
        except (InvalidParameterError, InvalidPuzzleError):
            continue
        texts.append(fam.dump_solution(item.puzzle, item.solution, fmt))
    texts.append(json.dumps({"family": name, "puzzle": fam.puzzle_json(items[0].puzzle),
                             "solution": fam.solution_json(items[0].puzzle, items[0].solution)}))
    return texts, items[0].puzzle


@pytest.mark.parametrize(("name", "fmt"), _registry_cases())
def test_registry_readers_raise_only_package_errors(name: str, fmt: str | None) -> None:
    from numpuzzles.families import family

    fam = family(name)
    seeds, puzzle = _registry_seeds(name, fmt)
    texts = mutants(f"{name}.{fmt}", seeds, REGISTRY_MUTANTS)
    crashes = _crashes(lambda text: fam.parse(text, fmt), texts)
    crashes += _crashes(lambda text: fam.parse_solution(text, puzzle, fmt), texts[:200])
    assert crashes == [], "\n".join(crashes[:5])


@pytest.mark.parametrize(
    ("fmt", "text"),
    [
        ("adc", "SIZE 100000X100000\nLINE_NUM 0\n"),
        ("adc", "SIZE 100000000000000000000X2\nLINE_NUM 0\n"),
        ("puzzlink", "https://puzz.link/p?numlin/100000/100000/\n"),
        ("puzzlink", "https://puzz.link/p?numlin/100000000000000000000/2/\n"),
        ("numeric", "1000001 1\n"),
        ("ahle", "1000 1001\n"),
        ("bwinf", "1001\n0\n"),
        ("letters", "a" * (MAX_CELLS + 1) + "\n"),
    ],
)
def test_boards_over_max_cells_are_refused_before_allocating(fmt: str, text: str) -> None:
    with pytest.raises(PuzzleFormatError, match=r"too large|more than 18 digits"):
        nl_formats.parse(text, fmt)


def test_max_cells_itself_is_read() -> None:
    side = 1000
    assert side * side == MAX_CELLS
    text = f"{side} {side}\n" + ("." * side + "\n") * side
    (puzzle,) = nl_formats.parse(text, "ahle")
    assert (puzzle.width, puzzle.height) == (side, side)
