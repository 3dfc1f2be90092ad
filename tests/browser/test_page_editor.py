"""The setter's workbench on the page (issue 24, point 2): for every family, at 1280x800
with a mouse and at 390x844 by touch, a puzzle is set from an empty board in the editor
until it is unique, then played to solved.

What the page shows is checked against facts found without the editor's analysis: the
number of solutions and the cells where they differ from every solution listed by
``/api/{family}/solve`` (Numberlink, Arukone) or by brute force over the permutations
(Fubuki); uniqueness at the end by a solve asking for two solutions.  On the way: the
fix offered is taken in one click, undo and redo, the accessibility audit, an export to a
text format read back to the same puzzle and a PNG download, the link to play, and an
edit made while an analysis is pending cancels it.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from .helpers import SIZES, Player, audit, press, screenshot, settle

# The fetch of every analysis, with whether it was cancelled: put in before the page runs.
WATCH_ANALYSES = """
window.analyses = [];
const plainFetch = window.fetch.bind(window);
window.fetch = (url, init) => {
  if (String(url).endsWith('/analyse')) {
    const seen = {aborted: false, body: init && init.body};
    window.analyses.push(seen);
    if (init && init.signal) init.signal.addEventListener('abort', () => { seen.aborted = true; });
  }
  return plainFetch(url, init);
};
"""


@pytest.fixture()
def maker(browser: Any, server: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A new setter's browser at the test's size, in the editor ("Make")."""
    size = request.node.callspec.params["size"]
    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], has_touch=phone, is_mobile=phone,
                                  accept_downloads=True)
    context.set_default_timeout(30_000)
    context.add_init_script(WATCH_ANALYSES)
    page = context.new_page()
    page.errors = []
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready='1']")
    settle(page)
    press(page, "#mode-make", phone)
    page.wait_for_selector("#make-board .cell")
    yield page
    context.close()


def api(page: Any, path: str, body: dict[str, Any]) -> Any:
    return page.evaluate(
        """async ([path, body]) => {
            const r = await fetch(path, {method: 'POST', body: JSON.stringify(body),
                                         headers: {'content-type': 'application/json'}});
            return await r.json();
        }""", [path, body])


def settled(page: Any) -> str:
    """The status once the analyses asked for have answered."""
    page.wait_for_function("() => document.body.dataset.analysing === '0'")
    text: str = page.text_content("#make-status")
    return text


def shaded(page: Any) -> set[tuple[int, int]]:
    cells = page.eval_on_selector_all(
        "#make-board .cell.differ", "cs => cs.map(c => [Number(c.dataset.r), Number(c.dataset.c)])")
    return {(r, c) for r, c in cells}


def made(page: Any) -> Any:
    """The puzzle in the editor as it goes to the server."""
    return page.evaluate("() => editor.draft.puzzle().puzzle")


def set_size(page: Any, values: dict[str, int]) -> None:
    for name, value in values.items():
        page.fill(f"#make-size input[name='{name}']", str(value))
        page.press(f"#make-size input[name='{name}']", "Tab")


def differing(solutions: list[list[list[int]]]) -> set[tuple[int, int]]:
    first = solutions[0]
    return {(r, c) for r, row in enumerate(first) for c, _ in enumerate(row)
            if len({s[r][c] for s in solutions}) > 1}


def undo_redo(page: Any, phone: bool) -> None:
    before = page.evaluate("() => editor.draft.snapshot()")
    press(page, "#make-undo", phone)
    page.wait_for_function("s => editor.draft.snapshot() !== s", arg=before)
    settled(page)
    press(page, "#make-redo", phone)
    page.wait_for_function("s => editor.draft.snapshot() === s", arg=before)


def export_checks(page: Any, family: str, text_format: str, phone: bool) -> None:
    """The text export reads back to the same puzzle; the PNG download is a PNG."""
    puzzle = made(page)
    page.select_option("#make-format", text_format)
    page.eval_on_selector("#make-text", "t => { t.value = ''; }")
    press(page, "#make-export", phone)
    page.wait_for_function("() => document.getElementById('make-text').value !== ''")
    text = page.input_value("#make-text")
    back = api(page, f"/api/{family}/solve", {"puzzle": text, "format": text_format})
    for key in ("width", "height", "grid", "size", "rows", "cols", "givens"):
        if key in puzzle:
            assert back["puzzle"][key] == puzzle[key], (key, text)
    page.select_option("#make-format", "png")
    with page.expect_download() as download:
        press(page, "#make-export", phone)
    path = download.value.path()
    assert Path(path).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert download.value.suggested_filename.endswith(".png")


def play_made(page: Any, family: str, phone: bool) -> None:
    """Play it: the page plays the made puzzle, judged against its one solution."""
    puzzle = made(page)
    press(page, "#make-play", phone)
    page.wait_for_function("() => window.current && current.origin === 'made'")
    settle(page)
    assert page.text_content("#puzzle-name") == "Your puzzle"
    assert page.evaluate("() => current.puzzle.grid || current.puzzle.givens") == (
        puzzle.get("grid") or puzzle.get("givens"))
    player = Player(page, family, phone)
    if family == "nummatch":  # a clearing, not a unique filling: the page has none to judge by
        player.solution = api(page, "/api/nummatch/solve", {"puzzle": puzzle})["solution"]
    else:
        assert player.solution is not None  # a unique puzzle: moves are judged
    for move in player.moves():
        player.play(move)
    page.wait_for_selector("#status.good")
    assert page.text_content("#status").startswith("Solved in")


def tap_cell(page: Any, r: int, c: int, phone: bool) -> None:
    press(page, f"#make-board button.cell[data-r='{r}'][data-c='{c}']", phone)


# The puzzle set in each path family: generation params, seed, and how many pairs the
# setter holds back at first (chosen so that the solutions, 18 and 69, can all be listed).
PATH_TARGETS = {"numberlink": ({"size": "7x7"}, 9, 2),
                "arukone": ({"n": 6, "unique": True}, 8, 1)}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("family", list(PATH_TARGETS))
def test_paths_are_set_until_unique_then_played(maker: Any, family: str, size: str,
                                                tmp_path: Path) -> None:
    page, phone = maker, size == "phone"
    params, seed, hold = PATH_TARGETS[family]
    target = api(page, f"/api/{family}/generate", {"params": params, "seed": seed})["puzzle"]
    if family != "numberlink":
        page.select_option("#family", family)
        page.wait_for_selector("#make-board .cell")
    page.select_option("#make-rules", target["rules"])
    set_size(page, {"width": target["width"], "height": target["height"]})
    assert made(page) is None  # an empty board is no puzzle yet
    assert "first pair" in settled(page)
    ends: dict[int, list[tuple[int, int]]] = {}
    for r, row in enumerate(target["grid"]):
        for c, v in enumerate(row):
            if v > 0:
                ends.setdefault(v, []).append((r, c))
    labels = sorted(ends)
    held_back = labels[-hold:]
    for label in labels[:-hold]:
        first, second = ends[label]
        tap_cell(page, *first, phone)
        assert "one end" in settled(page)  # a pair with one end is named, not analysed
        tap_cell(page, *second, phone)
    status = settled(page)

    listed = api(page, f"/api/{family}/solve", {"puzzle": made(page), "limit": 100})
    assert listed["complete"] and listed["count"] > 1
    grids = [s["grid"] for s in listed["solutions"]]
    assert status.startswith(f"{len(grids):,} solutions"), status
    assert shaded(page) == differing(grids)
    audit(page)
    screenshot(page, tmp_path, f"{family}-make-{size}")

    if page.is_visible("#make-fix"):  # the fix offered, in one click
        press(page, "#make-fix", phone)
        status = settled(page)
    else:  # the pairs held back, as the setter had them
        for label in held_back:
            for cell in ends[label]:
                tap_cell(page, *cell, phone)
        status = settled(page)
    assert status.startswith("Unique"), status
    assert shaded(page) == set()
    proof = api(page, f"/api/{family}/solve", {"puzzle": made(page), "unique": True})
    assert proof["unique"] is True

    undo_redo(page, phone)
    assert settled(page).startswith("Unique")
    export_checks(page, family, "puzzlink" if family == "numberlink" else "bwinf", phone)
    share = page.get_attribute("#make-share", "href")
    assert json.loads(unquote(share.split("puzzle=", 1)[1])) == made(page)
    play_made(page, family, phone)
    assert page.errors == []


def _fillings(n: int, rows: list[int | None], cols: list[int | None],
              givens: list[list[int]]) -> list[list[list[int]]]:
    """Every filling of 1..n² with these totals and givens (brute force)."""
    out = []
    for perm in itertools.permutations(range(1, n * n + 1)):
        grid = [list(perm[r * n:(r + 1) * n]) for r in range(n)]
        if any(rows[r] is not None and sum(grid[r]) != rows[r] for r in range(n)):
            continue
        if any(cols[c] is not None and sum(grid[r][c] for r in range(n)) != cols[c]
               for c in range(n)):
            continue
        if any(givens[r][c] and givens[r][c] != grid[r][c] for r in range(n) for c in range(n)):
            continue
        out.append(grid)
    return out


@pytest.mark.parametrize("size", list(SIZES))
def test_fubuki_is_set_until_unique_then_played(maker: Any, size: str, tmp_path: Path) -> None:
    page, phone = maker, size == "phone"
    record = api(page, "/api/fubuki/generate", {"params": {"size": 3}, "seed": 4})
    target, filling = record["puzzle"], record["solution"]
    page.select_option("#family", "fubuki")
    page.wait_for_selector("#make-board input")
    for i, total in enumerate(target["rows"]):
        page.fill(f"#make-board input[aria-label='total of row {i + 1}']", str(total))
        page.press(f"#make-board input[aria-label='total of row {i + 1}']", "Tab")
    for i, total in enumerate(target["cols"]):
        page.fill(f"#make-board input[aria-label='total of column {i + 1}']", str(total))
        page.press(f"#make-board input[aria-label='total of column {i + 1}']", "Tab")
    status = settled(page)
    empty = [[0] * 3 for _ in range(3)]
    every = _fillings(3, target["rows"], target["cols"], empty)
    assert filling in every
    assert status.startswith(f"{len(every):,} solutions"), status
    assert shaded(page) == differing(every)
    # the grey digits are the ones every solution shares
    for r in range(3):
        for c in range(3):
            cell = f"#make-board input[aria-label='row {r + 1}, column {c + 1}']"
            shown = page.get_attribute(cell, "placeholder")
            shared = {g[r][c] for g in every}
            assert shown == (str(shared.pop()) if len(shared) == 1 else ""), (r, c, shown)
    audit(page)
    screenshot(page, tmp_path, f"fubuki-make-{size}")

    for _ in range(9):  # the fix when one is offered, else the next given of the target
        if status.startswith("Unique"):
            break
        if page.is_visible("#make-fix"):
            press(page, "#make-fix", phone)
        else:
            givens = made(page)["givens"]
            r, c = next((r, c) for r in range(3) for c in range(3)
                        if target["givens"][r][c] and not givens[r][c])
            cell = f"#make-board input[aria-label='row {r + 1}, column {c + 1}']"
            page.fill(cell, str(filling[r][c]))
            page.press(cell, "Tab")
        status = settled(page)
    assert status.startswith("Unique"), status
    puzzle = made(page)
    assert len(_fillings(3, puzzle["rows"], puzzle["cols"], puzzle["givens"])) == 1
    undo_redo(page, phone)
    export_checks(page, "fubuki", "text", phone)
    play_made(page, "fubuki", phone)
    assert page.errors == []


@pytest.mark.parametrize("size", list(SIZES))
def test_number_match_is_typed_until_clearable_then_played(maker: Any, size: str,
                                                           tmp_path: Path) -> None:
    page, phone = maker, size == "phone"
    target = api(page, "/api/nummatch/generate", {"params": {}, "seed": 9})["puzzle"]
    page.select_option("#family", "nummatch")
    page.wait_for_selector("#make-board input")
    set_size(page, {"width": target["width"], "height": target["height"]})
    assert "every cell is empty" in settled(page)
    page.click("#make-board [data-r='0'][data-c='0'] input")
    page.keyboard.type("".join(str(v) for row in target["grid"] for v in row))
    status = settled(page)
    assert made(page)["grid"] == target["grid"]  # typed as text is: the cursor moves on
    answer = api(page, "/api/nummatch/solve", {"puzzle": made(page)})
    if answer["status"] == "solved":
        moves = api(page, "/api/nummatch/check", {"puzzle": made(page),
                                                  "solution": answer["solution"]})
        assert moves["valid"]
        assert status.startswith("The board can be cleared"), status
    audit(page)
    screenshot(page, tmp_path, f"nummatch-make-{size}")
    undo_redo(page, phone)
    export_checks(page, "nummatch", "text", phone)
    play_made(page, "nummatch", phone)
    assert page.errors == []


@pytest.mark.parametrize("size", ["desktop"])
def test_an_edit_cancels_the_pending_analysis(maker: Any, size: str) -> None:
    """A 15x15 Arukone with two pairs has billions of solutions: its analysis runs to its
    time limit, and a tap meanwhile cancels it; the status shown is the last board's."""
    page = maker
    page.select_option("#family", "arukone")
    page.wait_for_selector("#make-board .cell")
    set_size(page, {"width": 15, "height": 15})
    for cell in [(0, 0), (0, 14), (14, 0), (14, 14)]:
        tap_cell(page, *cell, False)
    page.wait_for_function("() => analyses.length > 0")
    asked = page.evaluate("() => analyses.length")
    tap_cell(page, 7, 3, False)  # a new end while the answer is out: the request goes
    assert "one end" in settled(page)
    tap_cell(page, 7, 11, False)
    status = settled(page)
    seen = page.evaluate("() => analyses")
    assert seen[asked - 1]["aborted"] is True
    assert not seen[-1]["aborted"]
    assert json.loads(seen[-1]["body"])["puzzle"] == made(page)
    record = page.evaluate("() => editor.record")
    assert record["puzzle"]["grid"] == made(page)["grid"]
    assert "solutions" in status, status


@pytest.mark.parametrize("size", ["desktop"])
def test_a_press_held_while_the_answer_arrives_still_places_its_number(maker: Any,
                                                                        size: str) -> None:
    """The answer to an analysis redraws the board.  A setter who presses a cell just
    before it arrives and lets go after still places the number: the cell under the
    pointer is the same button.  The answer is held back on the network until the press."""
    page = maker
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)

    page.route("**/analyse", hold)
    for cell in [(0, 0), (0, 6)]:
        tap_cell(page, *cell, False)
    press_over_answer(page, held, hold, "#make-board button.cell[data-r='3'][data-c='3']")
    assert page.evaluate("() => editor.draft.s.grid[3][3]") == 2
    assert "one end" in settled(page)

    # the same on a number's dot: a press there, held over an answer, takes the number away
    held.clear()
    page.route("**/analyse", hold)
    tap_cell(page, 6, 6, False)  # 2's other end: the board is a puzzle again, analysed
    press_over_answer(page, held, hold, "#make-board button.cell[data-r='0'][data-c='0'] span")
    assert page.evaluate("() => editor.draft.s.grid[0][0]") == 0
    assert "one end" in settled(page)
    assert page.errors == []


def press_over_answer(page: Any, held: list[Any], hold: Any, selector: str) -> None:
    """Press the middle of ``selector``, let the held analysis answer through, wait until it
    is on the board, then release."""
    for _ in range(500):
        if held:
            break
        page.wait_for_timeout(10)
    assert held, "the analysis was never asked"
    box = page.locator(selector).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    held[0].continue_()
    page.unroute("**/analyse", hold)
    assert "solution" in settled(page)  # the answer is on the board, the press still down
    page.mouse.up()


@pytest.mark.parametrize("size", ["desktop"])
def test_the_draft_is_kept_and_the_puzzle_in_play_can_be_edited(maker: Any, size: str) -> None:
    """A reload goes on with the draft in the editor; "Edit the puzzle in play" takes the
    daily puzzle the page opened with (unique: the editor says so), and Undo brings the
    draft back."""
    page = maker
    playing = page.evaluate("() => current.puzzle")  # today's Numberlink, opened first
    for cell in [(0, 0), (2, 3)]:
        tap_cell(page, *cell, False)
    settled(page)
    draft = made(page)
    page.click("#make-copy")
    assert settled(page).startswith("Unique")
    assert made(page)["grid"] == playing["grid"]
    page.click("#make-undo")
    page.wait_for_function("g => JSON.stringify(editor.draft.puzzle().puzzle.grid) === g",
                           arg=json.dumps(draft["grid"], separators=(",", ":")))
    page.reload()
    page.wait_for_selector("body[data-ready='1'] #make-board .cell")
    assert page.get_attribute("#mode-make", "aria-pressed") == "true"
    assert made(page) == draft
    assert page.is_disabled("#make-copy")  # nothing is in play after a reload into Make
    page.click("#mode-play")  # back to the game: today's puzzle again
    page.wait_for_selector("#board .cell")
    assert page.evaluate("() => current.puzzle") == playing
    assert page.locator("#make-board .cell").count() == 0
    assert page.errors == []


@pytest.mark.parametrize("size", ["phone"])
@pytest.mark.parametrize("family", ["numberlink", "fubuki", "nummatch"])
def test_the_editor_in_the_dark_scheme_passes_the_audit(maker: Any, size: str,
                                                        family: str) -> None:
    page = maker
    page.emulate_media(color_scheme="dark")
    if family != "numberlink":
        page.select_option("#family", family)
    page.wait_for_selector("#make-board .cell")
    if family == "numberlink":
        for cell in [(0, 0), (0, 6), (6, 0), (6, 6)]:
            tap_cell(page, *cell, True)
    else:
        press(page, "#make-own button", True)  # random totals, or random digits
    settled(page)
    audit(page)
    assert page.errors == []
