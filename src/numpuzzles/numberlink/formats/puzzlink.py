"""The ``puzzlink`` format: puzz.link URLs ``https://puzz.link/p?numlin/COLS/ROWS/BODY``.

puzz.link runs pzprjs, so this module follows pzprjs's own URL code, read in the
``robx/pzprjs`` repository (the code behind puzz.link):

- ``src/variety/numlin.js`` holds both genres, ``numlin`` (Numberlink) and ``arukone``.
  Each encodes its board with nothing but the common "Number16" cell encoding
  (``encodeNumber16`` / ``decodeNumber16``): one clue number or nothing per cell.  There is
  no encoding of blocked cells, so a board with blocked cells has no URL and ``dump``
  refuses it.  ``numlin`` reads and writes no flag; ``arukone`` writes the flag ``e`` when
  cells may stay empty (its "don't pass all cells" setting) and none when every cell must be
  on a line, and its editor stops at label 52 (``Cell@arukone``: ``maxnum: 52``, shown as
  letters A-Z, a-z).  The answer check, ``AnsCheck.checklist``, is the same for both
  genres but for ``checkNoLine_arukone+@arukone``, which alone demands a line in every
  cell, and only when ``dontpassallcell`` is off: so a ``numlin`` puzzle lets cells stay
  empty (Nikoli's own rule), as does ``arukone/e``, and a flagless ``arukone`` URL uses
  every cell.
- ``src/variety-common/Encode.js``, ``readNumber16``/``writeNumber16`` and
  ``genericDecodeNumber16``/``genericEncodeNumber16``: the cells go row-major.  A clue is
  one hex digit ``0``-``f`` below 16; ``-`` and two hex digits from 16 to 255; ``+`` and
  three from 256 to 4095; then ``=`` (3 digits, value minus 4096), ``%`` (3 digits, minus
  8192), ``*`` (4 digits, minus 12240) and ``$`` (5 digits, minus 77776).  ``.`` is a "?"
  clue.  A run of 1 to 20 empty cells is one letter ``g`` (1) to ``z`` (20); a longer run
  is ``z`` repeated, then the letter of the rest, and a run exactly 20 long before a clue
  is ``z`` with the clue straight after it.
- ``src/pzpr/parser.js``, ``URLData``: the genre is what lies between ``?`` and the next
  ``/``; then an optional flag segment (the first segment, when it is not a number), the
  columns, the rows, and the body.  The reader drops one empty segment at the end (a
  trailing ``/``); the writer adds one when the URL would end in a character other than a
  letter or digit (never for a Number16 body of labels).  The page's own address comes
  first, ``https://puzz.link/p?`` on puzz.link (``pzv.jp/p.html?`` on the older site).
- ``src/pzpr/variety.js``: the URL names of the genres are ``numlin`` and ``arukone``.
- ``test/script/numlin.js`` and ``test/script/arukone.js``: pzprjs's example URLs
  ``numlin/5/5/1j2h3m1h2j3`` and ``arukone/5/5/1m2h3g3h1m2``, which the tests read.

Where pzprjs's writer is not exact, the writer here refuses instead of guessing: past 4095
pzprjs writes the hex digits without leading zeros while its reader takes a fixed number
of them, so labels 4096-4351, 8192-8447, 12240-16335 and 77776-143311 would come back
as other numbers; those, and labels past the 1126351 the widest form holds, are refused.
Every other label is written exactly as pzprjs writes it, so a URL written here is the
one puzz.link itself would give the board.

The rules a URL poses (``url_rules``), as pzprjs checks them: ``blank`` for ``numlin``
and for ``arukone/e``, ``fill`` for a flagless ``arukone``; the family reads each URL
under its own (unless ``--rules`` says otherwise).

Which genre the writer writes, decided from pzprjs's source as above: ``dump`` writes
``numlin`` unless told that every cell must be used (``every_cell``, which the family
passes for ``fill`` and ``fill-notouch``); then it writes the flagless ``arukone`` genre,
the one pzprjs genre whose check demands every cell, so that the URL poses the same
puzzle on puzz.link and reads back here under ``fill``: ``convert --to puzzlink`` and
back keeps the puzzle and its rules.  Why not always ``arukone``: ``numlin`` is the
genre puzz.link players know as Numberlink, and under ``blank`` the two genres mean the
same.  Why only up to label 52: that is where pzprjs's arukone stops (its editor cannot
enter a larger label, and it shows labels as letters), so a board with a larger label is
written as ``numlin`` and reads back under ``blank``: no pzprjs URL says "every cell" for
it.  ``fill-notouch`` has no pzprjs genre at all; its nearest, arukone's every-cell rule,
is written, and it reads back as ``fill``.

The reader reads either genre.  It is stricter than pzprjs's, which skips what it does
not understand: an unknown character, a clue of 0 or ``?`` (no Numberlink label) or a body
longer than the board is an error with its line.  One URL per line; many lines, many
puzzles.
"""

from __future__ import annotations

import re
import string

from ...core.errors import InvalidPuzzleError, PuzzleFormatError
from ...core.intparse import ascii_int, read_int
from ..model import BLOCKED, Puzzle, Solution
from .grid import Grid, check_size, to_puzzle

NAME = "puzzlink"
PREFIX = "https://puzz.link/p?"
GENRE = "numlin"
"""The genre ``dump`` writes unless every cell must be used: pzprjs's Numberlink."""
EVERY_CELL_GENRE = "arukone"
"""The genre ``dump`` writes when every cell must be used (no flag: pzprjs's
"pass all cells")."""
ARUKONE_LARGEST = 52
"""The largest label pzprjs's arukone takes (``maxnum``: A-Z, a-z)."""

_URL = re.compile(r"\?(numlin|arukone)/(.*)$")

_HEX = frozenset(string.hexdigits)  # pzprjs reads the digits after a sign in either case
_SINGLE = frozenset("0123456789abcdef")  # a lone digit must be lowercase (as pzprjs reads)
_FORMS: dict[str, tuple[int, int]] = {
    "-": (2, 0),
    "+": (3, 0),
    "=": (3, 4096),
    "%": (3, 8192),
    "*": (4, 12240),
    "$": (5, 77776),
}
"""Each multi-character clue form: how many hex digits follow the sign, what they add to."""

_WRITTEN: tuple[tuple[int, int, str, int, int], ...] = (
    # (first, last, sign, offset, digits the reader takes) in pzprjs's writeNumber16 order
    (16, 255, "-", 0, 2),
    (256, 4095, "+", 0, 3),
    (4096, 8191, "=", 4096, 3),
    (8192, 12239, "%", 8192, 3),
    (12240, 77775, "*", 12240, 4),
    (77776, 77776 + 0xFFFFF, "$", 77776, 5),
)
LARGEST = 77776 + 0xFFFFF
"""The largest label a URL holds (pzprjs's widest form, ``$`` and five hex digits)."""


def is_url(line: str) -> bool:
    """True when ``line`` holds a numlin or arukone URL (for format sniffing)."""
    return _URL.search(line) is not None


def _clue(body: str, at: int, number: int) -> tuple[int, int]:
    """The clue at ``body[at]`` (a hex digit or a sign form) and the characters it takes."""
    char = body[at]
    if char in _SINGLE:
        return int(char, 16), 1
    digits, offset = _FORMS[char]
    chunk = body[at + 1 : at + 1 + digits]
    if len(chunk) != digits or any(c not in _HEX for c in chunk):
        raise PuzzleFormatError(
            f"expected {digits} hex digits after {char!r} in the URL body, got {chunk!r}",
            line=number,
        )
    return int(chunk, 16) + offset, 1 + digits


def _decode_body(body: str, size: int, number: int) -> list[str | None]:
    """The cells of a Number16 body: ``None`` for empty, else the label as text."""
    tokens: list[str | None] = []
    at = 0
    while at < len(body):
        char = body[at]
        if char in _SINGLE or char in _FORMS:
            value, used = _clue(body, at, number)
            if value == 0:
                raise PuzzleFormatError(
                    "the URL body has a 0 clue; Numberlink labels start at 1", line=number
                )
            tokens.append(str(value))
            at += used
        elif "g" <= char <= "z":
            tokens.extend([None] * (ord(char) - ord("f")))
            at += 1
        elif char == ".":
            raise PuzzleFormatError(
                "the URL body has a '?' clue ('.'), which no Numberlink label can be",
                line=number,
            )
        else:
            raise PuzzleFormatError(f"unknown character {char!r} in the URL body", line=number)
        if len(tokens) > size:  # stop at once: a long body must not grow a huge list
            break
    if len(tokens) > size:
        raise PuzzleFormatError(
            f"URL body has at least {len(tokens)} cells, board has {size}", line=number
        )
    tokens.extend([None] * (size - len(tokens)))
    return tokens


def _parts(line: str, number: int) -> tuple[str, str, int, int, str]:
    """Genre, flag ('' when none), columns, rows and body of the URL in ``line``."""
    match = _URL.search(line)
    if match is None:
        raise PuzzleFormatError("expected a puzz.link numlin or arukone URL", line=number)
    genre, rest = match.group(1), match.group(2).split("/")
    flag = ""
    if rest and ascii_int(rest[0], number) is None:  # pzprjs: a first segment not a number
        flag = rest.pop(0)
    if len(rest) < 2:
        raise PuzzleFormatError("expected COLS/ROWS in the URL", line=number)
    cols = read_int(rest[0], "COLS", number)
    rows = read_int(rest[1], "ROWS", number)
    check_size(cols, rows, number)
    body = rest[2:]
    if body and not body[-1]:  # pzprjs drops one empty last segment (a trailing "/")
        body.pop()
    return genre, flag, cols, rows, "/".join(body)


def url_allows_empty(line: str) -> bool:
    """True when the URL is the arukone genre with a flag containing ``e``: pzprjs's
    "don't pass all cells" setting, the only flag a URL carries (numlin has none; its
    cells may stay empty all the same: ``url_rules`` says what a URL poses)."""
    genre, flag, _, _, _ = _parts(line.strip(), 1)
    return genre == "arukone" and "e" in flag


def url_rules(line: str) -> str:
    """The rule set the URL poses, as pzprjs checks it (see the module docstring):
    ``fill`` for a flagless arukone URL, else ``blank``."""
    genre, flag, _, _, _ = _parts(line.strip(), 1)
    return "fill" if genre == "arukone" and "e" not in flag else "blank"


def rules_of(text: str) -> list[str]:
    """``url_rules`` of every URL in ``text``, in the order ``read`` reads them."""
    return [url_rules(line) for _number, line in _url_lines(text)]


def _url_lines(text: str) -> list[tuple[int, str]]:
    """The lines ``read`` reads a URL from, with their numbers: comments and blank lines
    are skipped."""
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line and not line.startswith("#"):
            out.append((number, line))
    return out


def read(text: str) -> list[Grid]:
    """The grids of every URL in ``text`` (one per non-blank line)."""
    grids = []
    for number, line in _url_lines(text):
        _, _, cols, rows, body = _parts(line, number)
        tokens = _decode_body(body, cols * rows, number)
        grids.append(Grid(cols, rows, tuple(tokens), (number,) * rows, numeric=True))
    return grids


def parse(text: str) -> list[Puzzle]:
    """Every puzzle in ``text``."""
    return [to_puzzle(grid) for grid in read(text)]


def encode_label(value: int) -> str:
    """``value`` as pzprjs's ``writeNumber16`` writes it, refused where pzprjs's own
    reader would read that text back as another number (see the module docstring)."""
    if 0 < value < 16:
        return format(value, "x")
    for first, last, sign, offset, digits in _WRITTEN:
        if first <= value <= last:
            text = format(value - offset, "x")  # pzprjs pads with no zeros
            if len(text) != digits:
                low = offset + 16 ** (digits - 1)
                raise InvalidPuzzleError(
                    f"label {value} has no puzz.link URL: pzprjs writes labels "
                    f"{first}-{low - 1} with fewer digits than its reader takes"
                )
            return sign + text
    raise InvalidPuzzleError(
        f"label {value} has no puzz.link URL: pzprjs URLs hold labels up to {LARGEST}"
    )


def genre_for(puzzle: Puzzle, every_cell: bool) -> str:
    """The genre a URL of ``puzzle`` is written in: arukone, which alone says "every cell",
    when ``every_cell`` and its labels fit arukone's; else numlin (module docstring)."""
    if every_cell and all(label <= ARUKONE_LARGEST for label in puzzle.labels):
        return EVERY_CELL_GENRE
    return GENRE


def dump(puzzle: Puzzle, solution: Solution | None = None, *, every_cell: bool = False) -> str:
    """The puzzle's URL, exactly as puzz.link writes it (a URL cannot carry a solution),
    in the genre ``genre_for`` picks: with ``every_cell`` (rules that use every cell)
    the flagless arukone genre where the labels allow."""
    if BLOCKED in puzzle.cells:
        raise InvalidPuzzleError(
            "a puzz.link numlin URL cannot hold blocked cells; write this puzzle in another format"
        )
    if solution is not None:
        raise InvalidPuzzleError("a puzz.link URL cannot hold a solution")
    body: list[str] = []
    skip = 0
    for value in puzzle.cells:
        if value == 0:
            skip += 1
            if skip == 20:
                body.append("z")
                skip = 0
            continue
        if skip:
            body.append(chr(ord("f") + skip))
            skip = 0
        body.append(encode_label(value))
    if skip:
        body.append(chr(ord("f") + skip))
    genre = genre_for(puzzle, every_cell)
    return f"{PREFIX}{genre}/{puzzle.width}/{puzzle.height}/{''.join(body)}\n"
