"""puzz.link URLs against pzprjs's own encoding (robx/pzprjs, see the module docstring).

The expected URL bodies below are worked out by hand from pzprjs's rules, not by running
this package's writer: in ``src/variety-common/Encode.js``, ``writeNumber16`` writes a clue
below 16 as one hex digit, 16-255 as ``-`` and two hex digits, 256-4095 as ``+`` and three
(then ``=``, ``%``, ``*``, ``$`` with offsets 4096, 8192, 12240, 77776), and
``genericEncodeNumber16`` writes a run of k empty cells (1 <= k <= 20) as the base-36 digit
of 15 + k (``g`` = 16 for one cell ... ``z`` = 35 for twenty), flushing a ``z`` whenever a
run reaches twenty.  Two URLs come from pzprjs's own tests (``test/script/numlin.js`` and
``test/script/arukone.js``).  The rules a URL poses come from ``src/variety/numlin.js``'s
answer check (a line in every cell is demanded only by a flagless arukone), so the
expected genres and rules are written here from that, not read off the writer.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numpuzzles import families
from numpuzzles.cli.main import main
from numpuzzles.core.errors import InvalidPuzzleError, PuzzleFormatError
from numpuzzles.core.family import Ruled
from numpuzzles.numberlink import formats
from numpuzzles.numberlink.formats import puzzlink
from numpuzzles.numberlink.model import BLOCKED, EMPTY, Puzzle

_ = EMPTY

# (rows of the board, expected URL) -- each derivation is in the comment above it.
HAND_MADE: list[tuple[list[list[int]], str]] = [
    # pzprjs test/script/numlin.js: "5/5/1j2h3m1h2j3" is the board
    #   1 . . . . / 2 . . 3 . / . . . . . / . 1 . . 2 / . . . . 3
    # 1; 4 empty -> 15+4=19 'j'; 2; 2 empty 'h'; 3; 1+5+1=7 empty -> 22 'm'; 1; 'h'; 2;
    # 4 empty 'j'; 3.
    (
        [[1, _, _, _, _], [2, _, _, 3, _], [_, _, _, _, _], [_, 1, _, _, 2], [_, _, _, _, 3]],
        "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3",
    ),
    # labels above 9 and above 15:  10 . . 16 / 16 . . 10
    # 10 -> 'a'; 2 empty -> 17 'h'; 16 -> '-' + "10"; 16 -> "-10"; 'h'; 10 -> 'a'.
    (
        [[10, _, _, 16], [16, _, _, 10]],
        "https://puzz.link/p?numlin/4/2/ah-10-10ha",
    ),
    # the edges of each form:  15 255 . 256 4095 / 4095 . 256 255 15
    # 15 -> 'f'; 255 -> "-ff"; 1 empty 'g'; 256 -> "+100"; 4095 -> "+fff"; "+fff"; 'g';
    # "+100"; "-ff"; 'f'.
    (
        [[15, 255, _, 256, 4095], [4095, _, 256, 255, 15]],
        "https://puzz.link/p?numlin/5/2/f-ffg+100+fff+fffg+100-fff",
    ),
    # runs of empty cells longer than 20, 23x1:  1, 21 empty, 1
    # 1; the 20th empty flushes 'z'; one more empty, then the clue: 16 'g'; 1.
    ([[1] + [_] * 21 + [1]], "https://puzz.link/p?numlin/23/1/1zg1"),
    # exactly 20 empty before a clue, 22x1:  1, 20 empty, 1
    # 1; 'z' flushed at the 20th; the count is back to 0, so the clue follows at once.
    ([[1] + [_] * 20 + [1]], "https://puzz.link/p?numlin/22/1/1z1"),
    # a board ending in a long run, 24x2:  1 1 then 46 empty
    # 11; 20 -> 'z'; 20 -> 'z'; 6 left -> 15+6=21 'l'.
    ([[1, 1] + [_] * 22, [_] * 24], "https://puzz.link/p?numlin/24/2/11zzl"),
    # the widest forms where pzprjs's digits are full length:
    #   4352 = 4096 + 0x100 -> "=100";  8448 = 8192 + 0x100 -> "%100";
    #   16336 = 12240 + 0x1000 -> "*1000";  143312 = 77776 + 0x10000 -> "$10000"
    # 4x2:  4352 8448 16336 143312 / 143312 16336 8448 4352
    (
        [[4352, 8448, 16336, 143312], [143312, 16336, 8448, 4352]],
        "https://puzz.link/p?numlin/4/2/=100%100*1000$10000$10000*1000%100=100",
    ),
]


def _puzzle(rows: list[list[int]]) -> Puzzle:
    return Puzzle(len(rows[0]), len(rows), tuple(v for row in rows for v in row))


@pytest.mark.parametrize(("rows", "url"), HAND_MADE)
def test_writer_gives_the_url_pzprjs_writes(rows: list[list[int]], url: str) -> None:
    assert formats.dump(_puzzle(rows), "puzzlink") == url + "\n"


@pytest.mark.parametrize(("rows", "url"), HAND_MADE)
def test_reader_reads_the_hand_made_urls(rows: list[list[int]], url: str) -> None:
    assert formats.parse(url) == [_puzzle(rows)]
    # pzprjs's parser drops one trailing "/" and takes the older pzv.jp address too
    assert formats.parse(url + "/") == [_puzzle(rows)]
    older = url.replace("https://puzz.link/p?", "http://pzv.jp/p.html?")
    assert formats.sniff(older) == "puzzlink"
    assert formats.parse(older) == [_puzzle(rows)]


def test_arukone_example_from_pzprjs() -> None:
    # pzprjs test/script/arukone.js: "5/5/1m2h3g3h1m2" is A . . . . / . . . B . /
    # . C . C . / . A . . . / . . . . B  (A=1, B=2, C=3): 1; 7 empty 'm'; 2; 2 empty 'h';
    # 3; 1 empty 'g'; 3; 'h'; 1; 'm'; 2.
    expected = _puzzle(
        [[1, _, _, _, _], [_, _, _, 2, _], [_, 3, _, 3, _], [_, 1, _, _, _], [_, _, _, _, 2]]
    )
    url = "https://puzz.link/p?arukone/5/5/1m2h3g3h1m2"
    assert formats.parse(url) == [expected]
    # no flag: every cell on a line (pzprjs's default); "e": cells may stay empty
    assert not puzzlink.url_allows_empty(url)
    assert puzzlink.url_allows_empty("https://puzz.link/p?arukone/e/5/5/1m2h3g3h1m2")
    # numlin has no flag to read
    assert not puzzlink.url_allows_empty("https://puzz.link/p?numlin/e/5/5/1m2h3g3h1m2")


@pytest.mark.parametrize(
    ("body", "label"),
    [
        ("=abc=abc", 4096 + 0xABC),
        ("=000=000", 4096),  # pzprjs never writes it so, but its reader reads it
        ("%00a%00a", 8192 + 10),
        ("*0001*0001", 12240 + 1),
        ("$00000$00000", 77776),
        ("-AB-ab", 0xAB),  # the digits after a sign are read in either case
    ],
)
def test_reader_reads_every_number16_form(body: str, label: int) -> None:
    (puzzle,) = formats.parse(f"https://puzz.link/p?numlin/2/1/{body}")
    assert puzzle.cells == (label, label)


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("https://puzz.link/p?numlin/2/1/.g", "'?' clue"),
        ("https://puzz.link/p?numlin/2/1/0g", "0 clue"),
        ("https://puzz.link/p?numlin/2/1/-00g", "0 clue"),
        ("https://puzz.link/p?numlin/2/1/-1", "2 hex digits after '-'"),
        ("https://puzz.link/p?numlin/2/1/=1g", "3 hex digits after '='"),
        ("https://puzz.link/p?numlin/2/1/1A", "unknown character 'A'"),
        ("https://puzz.link/p?numlin/2/1/1/1", "unknown character '/'"),
        ("https://puzz.link/p?numlin/2/1/11g", "board has 2"),
        ("https://puzz.link/p?arukone/e/x/2/1/11", "expected COLS"),
        ("https://puzz.link/p?numlin/2", "expected COLS/ROWS"),
    ],
)
def test_bad_urls_are_one_error_with_the_line(url: str, words: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        formats.parse("# a comment\n" + url + "\n")
    assert info.value.line == 2
    assert words in str(info.value)


@pytest.mark.parametrize(
    ("label", "words"),
    [
        (4096, "4096-4351"),
        (4351, "4096-4351"),
        (8192, "8192-8447"),
        (12240, "12240-16335"),
        (143311, "77776-143311"),
        (1126352, "up to 1126351"),
    ],
)
def test_labels_pzprjs_cannot_write_are_refused(label: int, words: str) -> None:
    with pytest.raises(InvalidPuzzleError) as info:
        formats.dump(Puzzle(2, 1, (label, label)), "puzzlink")
    assert words in str(info.value)


def test_largest_label_is_written() -> None:
    # 1126351 = 77776 + 0xfffff -> "$fffff"
    assert formats.dump(Puzzle(2, 1, (1126351, 1126351)), "puzzlink") == (
        "https://puzz.link/p?numlin/2/1/$fffff$fffff\n"
    )


def test_blocked_cells_are_refused() -> None:
    with pytest.raises(InvalidPuzzleError) as info:
        formats.dump(Puzzle(3, 1, (1, BLOCKED, 1)), "puzzlink")
    assert "blocked cells" in str(info.value)


# --- the command line ---------------------------------------------------------------------


def _convert(path: Path, to: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["numberlink", "convert", str(path), "--to", to])
    out, err = capsys.readouterr()
    return code, out, err


def _posed(url: str, rules: str, rows: list[list[int]]) -> tuple[str, str]:
    """The URL the family writes for ``rows`` under ``rules`` and the rules it reads back,
    from the module docstring's decision (not from the writer): the flagless arukone genre,
    pzprjs's one "every cell" genre, where the rules use every cell and no label passes
    arukone's 52; else numlin, which pzprjs poses with empty cells allowed (blank)."""
    every = rules != "blank" and max(v for row in rows for v in row) <= 52
    if every:
        return url.replace("?numlin/", "?arukone/"), "fill"
    return url, "blank"


@pytest.mark.parametrize("rules", ["fill", "blank", "fill-notouch"])
@pytest.mark.parametrize(("rows", "url"), HAND_MADE)
def test_cli_round_trip(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rows: list[list[int]], url: str,
    rules: str,
) -> None:
    source = tmp_path / "puzzle.json"
    source.write_text(json.dumps({"grid": rows, "rules": rules}) + "\n")
    expected_url, expected_rules = _posed(url, rules, rows)
    code, out, _ = _convert(source, "puzzlink", capsys)
    assert code == 0
    assert out == expected_url + "\n"
    written = tmp_path / "puzzle.url"
    written.write_text(out)
    code, out, _ = _convert(written, "json", capsys)
    assert code == 0
    assert json.loads(out)["grid"] == rows
    # fill and blank come back as they went (where the labels allow: see _posed);
    # fill-notouch has no pzprjs genre and comes back as its nearest, fill
    assert json.loads(out)["rules"] == expected_rules


def test_each_url_poses_the_rules_pzprjs_checks() -> None:
    """numlin/5/5/1j2h3m1h2j3 and arukone/5/5/1m2h3g3h1m2 are pzprjs's own test URLs;
    numlin.js checks a line in every cell only for a flagless arukone."""
    numlin = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
    arukone = "https://puzz.link/p?arukone/5/5/1m2h3g3h1m2"
    empty = "https://puzz.link/p?arukone/e/5/5/1m2h3g3h1m2"
    assert [puzzlink.url_rules(u) for u in (numlin, arukone, empty)] == [
        "blank", "fill", "blank"]
    for name in ("numberlink", "arukone"):  # whatever the family's own default
        family = families.family(name)
        text = f"# three URLs\n{numlin}\n\n{arukone}\n{empty}\n"
        assert [b.rules for b in family.parse(text)] == ["blank", "fill", "blank"]
        assert [b.rules for b in family.parse(text, rules="fill-notouch")] == [
            "fill-notouch"] * 3


def test_writer_gives_pzprjs_arukone_url_for_fill() -> None:
    # the board of pzprjs's test/script/arukone.js (A=1, B=2, C=3, see above), under fill
    board = _puzzle(
        [[1, _, _, _, _], [_, _, _, 2, _], [_, 3, _, 3, _], [_, 1, _, _, _], [_, _, _, _, 2]]
    )
    family = families.family("numberlink")
    assert family.dump(Ruled(board, "fill"), "puzzlink") == (
        "https://puzz.link/p?arukone/5/5/1m2h3g3h1m2\n")
    assert family.dump(Ruled(board, "blank"), "puzzlink") == (
        "https://puzz.link/p?numlin/5/5/1m2h3g3h1m2\n")
    # label 52 (arukone's "z") still fits the genre; 53 does not
    assert puzzlink.genre_for(Puzzle(2, 1, (52, 52)), every_cell=True) == "arukone"
    assert puzzlink.genre_for(Puzzle(2, 1, (53, 53)), every_cell=True) == "numlin"
    assert puzzlink.genre_for(Puzzle(2, 1, (1, 1)), every_cell=False) == "numlin"


@pytest.mark.parametrize(
    ("grid", "words"),
    [
        ([[1, -1, 1]], "blocked cells"),
        ([[4200, 4200]], "4096-4351"),
    ],
)
def test_cli_refuses_in_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], grid: list[list[int]], words: str
) -> None:
    source = tmp_path / "puzzle.json"
    source.write_text(json.dumps({"grid": grid}) + "\n")
    code, out, err = _convert(source, "puzzlink", capsys)
    assert code == 2
    assert out == ""
    assert words in err
    assert len(err.strip().splitlines()) == 1


def test_cli_bad_url_is_one_line_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "bad.url"
    source.write_text("https://puzz.link/p?numlin/2/1/.g\n")
    code, out, err = _convert(source, "json", capsys)
    assert code == 2
    assert out == ""
    assert "'?' clue" in err
    assert len(err.strip().splitlines()) == 1


# --- properties -------------------------------------------------------------------------

_LABEL = st.one_of(
    st.integers(1, 4095),
    st.integers(4352, 8191),
    st.integers(8448, 12239),
    st.integers(16336, 77775),
    st.integers(143312, puzzlink.LARGEST),
)


@st.composite
def boards(draw: st.DrawFn) -> Puzzle:
    """A random blockless board, some wide enough for runs of more than 20 empty cells."""
    width = draw(st.integers(1, 30))
    height = draw(st.integers(1, 6))
    size = width * height
    order = draw(st.permutations(range(size)))
    pairs = draw(st.integers(0, min(size // 2, 12)))
    labels = draw(st.lists(_LABEL, min_size=pairs, max_size=pairs, unique=True))
    cells = [EMPTY] * size
    for at, label in enumerate(labels):
        cells[order[2 * at]] = cells[order[2 * at + 1]] = label
    return Puzzle(width, height, tuple(cells))


# pzprjs's writer, as a grammar: clues never padded past their form's minimum (so a clue
# under 16 is one digit, and so on), a run of empty cells as 'z'* then at most one of g-y.
_CLUE = (
    r"(?:[1-9a-f]|-[1-9a-f][0-9a-f]|\+[1-9a-f][0-9a-f]{2}|=[1-9a-f][0-9a-f]{2}"
    r"|%[1-9a-f][0-9a-f]{2}|\*[1-9a-f][0-9a-f]{3}|\$[1-9a-f][0-9a-f]{4})"
)
_BODY = re.compile(rf"(?:z*[g-y]?{_CLUE})*z*[g-y]?")


@settings(max_examples=300, deadline=None)
@given(puzzle=boards())
def test_round_trip_and_pzprjs_shape(puzzle: Puzzle) -> None:
    url = formats.dump(puzzle, "puzzlink")
    assert url.startswith(f"https://puzz.link/p?numlin/{puzzle.width}/{puzzle.height}/")
    body = url.strip().rsplit("/", 1)[1]
    assert _BODY.fullmatch(body), body
    assert formats.sniff(url) == "puzzlink"
    assert formats.parse(url) == [puzzle]


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyz-+=%*$./A", max_size=40))
def test_any_body_reads_or_is_one_format_error(text: str) -> None:
    url = f"https://puzz.link/p?numlin/4/3/{text}"
    try:
        puzzles = formats.parse(url)
    except PuzzleFormatError as exc:
        assert exc.line == 1
        return
    # what reads, writes back to the same board (bodies differ only in their spelling),
    # unless a label is one pzprjs cannot write (such as "=000", 4096)
    try:
        again = formats.dump(puzzles[0], "puzzlink")
    except InvalidPuzzleError:
        assert any(label >= 4096 for label in puzzles[0].labels)
        return
    assert formats.parse(again) == puzzles


@settings(max_examples=200, deadline=None)
@given(puzzle=boards(), rules=st.sampled_from(["fill", "blank", "fill-notouch"]))
def test_family_round_trip_keeps_puzzle_and_rules(puzzle: Puzzle, rules: str) -> None:
    """Through the family, as ``convert`` goes: the same board always, and the same rules
    wherever pzprjs has a genre that poses them (fill with labels up to 52, blank)."""
    for name in ("numberlink", "arukone"):
        family = families.family(name)
        url = family.dump(Ruled(puzzle, rules), "puzzlink")
        (back,) = family.parse(url)
        assert back.puzzle == puzzle
        small = all(label <= 52 for label in puzzle.labels)
        if rules == "blank":
            assert back.rules == "blank" and "?numlin/" in url
        elif small:
            assert back.rules == "fill" and "?arukone/" in url
        else:
            assert back.rules == "blank" and "?numlin/" in url
        assert family.dump(back, "puzzlink") == url  # and the URL itself comes back


@st.composite
def small_boards(draw: st.DrawFn) -> Puzzle:
    """Boards whose labels all fit arukone's 52 (those the round trip keeps under fill)."""
    width, height = draw(st.integers(1, 25)), draw(st.integers(1, 5))
    size = width * height
    order = draw(st.permutations(range(size)))
    labels = draw(st.lists(st.integers(1, 52), max_size=min(size // 2, 20), unique=True))
    cells = [EMPTY] * size
    for at, label in enumerate(labels):
        cells[order[2 * at]] = cells[order[2 * at + 1]] = label
    return Puzzle(width, height, tuple(cells))


@settings(max_examples=200, deadline=None)
@given(puzzle=small_boards(), rules=st.sampled_from(["fill", "blank"]))
def test_fill_and_blank_round_trip_exactly(puzzle: Puzzle, rules: str) -> None:
    family = families.family("numberlink")
    assert family.parse(family.dump(Ruled(puzzle, rules), "puzzlink")) == [
        Ruled(puzzle, rules)]
