"""Level packs and the daily puzzle: the puzzles the page offers without being asked.

Why a pack is a list of puzzle IDs and not of stored puzzles: an ID (``family:params#seed``)
names one puzzle forever, so a pack is a few lines here, the same on every server and in
every release, and a player's progress can be kept by ID in their own browser.  The fixed
packs go by family, then size, then difficulty; their levels are seeds 1..30 of one set of
params, except where a seed took about half a second or more to generate when the packs
were made (``bench/packs_bench.py`` measures them): those are skipped, listed in
``SLOW_SEEDS``, so that a level opens at once even before the app's cache holds it.

The daily puzzle of a family is the family's everyday params with the seed ``YYYYMMDD``,
so everyone gets the same puzzle on the same day without a server keeping a calendar.

A served pack file (``numpuzzles serve --pack FILE``) is a JSON Lines file of records of one
family, as ``numpuzzles batch`` writes them: a level is the record's ``id`` where it has one,
else its puzzle (in the family's JSON form).  Every problem with such a file is a
``NumpuzzlesError`` naming the file, so the command line says it in one line before the
server starts.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from .. import families
from ..core.errors import InvalidParameterError, NumpuzzlesError, PuzzleFormatError, one_line
from ..core.family import Family
from ..core.fileio import reading
from ..core.params import parse_params_text
from ..core.seeds import parse_puzzle_id

LEVELS = 30
"""Levels in a fixed pack."""

Level = dict[str, Any]
"""``{"id": ID}``, or ``{"puzzle": JSON form}`` for a served record without an ID."""


@dataclass(frozen=True)
class PackSpec:
    """A fixed pack: its params and the seeds of its levels.

    ``skip`` holds seeds left out because they were slow to generate; the levels are the
    first ``LEVELS`` seeds from 1 up that are not in it."""

    name: str
    family: str
    title: str
    params: Mapping[str, Any]
    skip: frozenset[int] = frozenset()

    def seeds(self) -> tuple[int, ...]:
        """The levels' seeds, in order."""
        found: list[int] = []
        seed = 1
        while len(found) < LEVELS:
            if seed not in self.skip:
                found.append(seed)
            seed += 1
        return tuple(found)


@dataclass(frozen=True)
class Pack:
    """A pack as ``GET /api/packs`` lists it."""

    name: str
    family: str
    title: str
    levels: tuple[Level, ...] = field(default_factory=tuple)

    def json(self) -> dict[str, Any]:
        """``{"name", "family", "title", "levels": [{"id"} or {"puzzle"}, ...]}``."""
        return {"name": self.name, "family": self.family, "title": self.title,
                "levels": [dict(level) for level in self.levels]}


SLOW_SEEDS: dict[str, frozenset[int]] = {
    "numberlink-10x10-hard": frozenset({23}),
    "fubuki-5x5": frozenset({4, 20, 32}),
    "nummatch-classic": frozenset({10, 13, 16, 23, 30}),
}
"""Seeds that took about 0.5 s or more in ``bench/packs_bench.py`` runs when the packs were
made (2026-12-02, one core of a 2-core machine; bench/HISTORY.md).  The list is fixed, so
the packs' IDs are too."""


def _spec(name: str, family: str, title: str, **params: Any) -> PackSpec:
    return PackSpec(name, family, title, params, SLOW_SEEDS.get(name, frozenset()))


FIXED: tuple[PackSpec, ...] = (
    _spec("numberlink-5x5", "numberlink", "5×5", size="5x5", min_length=2),
    _spec("numberlink-7x7", "numberlink", "7×7", size="7x7", min_length=2),
    _spec("numberlink-10x10", "numberlink", "10×10", size="10x10", min_length=2),
    _spec("numberlink-10x10-hard", "numberlink", "10×10 hard", size="10x10", difficulty="hard",
          min_length=2),
    _spec("numberlink-12x12", "numberlink", "12×12", size="12x12", min_length=2),
    _spec("numberlink-15x15", "numberlink", "15×15", size="15x15", min_length=2),
    _spec("arukone-7", "arukone", "7×7", n=7, unique=True),
    _spec("arukone-10", "arukone", "10×10", n=10, unique=True),
    _spec("arukone-15", "arukone", "15×15", n=15, unique=True),
    _spec("fubuki-3x3", "fubuki", "3×3", size=3),
    _spec("fubuki-4x4", "fubuki", "4×4", size=4),
    _spec("fubuki-5x5", "fubuki", "5×5", size=5),
    _spec("fubuki-3x3-diagonals", "fubuki", "3×3 diagonals", size=3, variant="diagonals"),
    _spec("nummatch-original", "nummatch", "Original 5×4", rules="original"),
    _spec("nummatch-original-hard", "nummatch", "Original 5×4 hard", rules="original",
          difficulty="hard"),
    _spec("nummatch-classic", "nummatch", "Classic", rules="classic"),
    _spec("nummatch-easybrain", "nummatch", "Easybrain", rules="easybrain"),
    _spec("survo-3x4", "survo", "3×4", shape="3x4"),
)
"""The fixed packs, in the order the page lists them.  Numberlink packs are ``fill`` (the
default rules, proved unique); Arukone's are proved unique, so the page can judge a move
against the one solution.  Numberlink's say ``min_length=2``, the value IDs without it
mean: the packs (and the daily puzzle) were made before ``fill`` defaulted to 3, and their
IDs must keep naming the same puzzles."""

DAILY: dict[str, dict[str, Any]] = {
    "numberlink": {"size": "10x10", "min_length": 2},
    "arukone": {"n": 10, "unique": True},
    "fubuki": {"size": 3},
    "nummatch": {"rules": "original"},
    "survo": {"shape": "3x4"},
}
"""The daily puzzle's params per family (its seed is the date)."""


def level_ids(spec: PackSpec) -> list[str]:
    """The IDs of a fixed pack's levels, made by the family (``make_id``), never by hand."""
    family = families.family(spec.family)
    params = family.normalise_params(spec.params)
    return [family.make_id(params, seed) for seed in spec.seeds()]


@cache
def fixed_packs() -> tuple[Pack, ...]:
    """Every fixed pack (made once: loading the families is the cost)."""
    return tuple(Pack(spec.name, spec.family, spec.title,
                      tuple({"id": ident} for ident in level_ids(spec)))
                 for spec in FIXED)


def daily_seed(day: dt.date) -> int:
    """``YYYYMMDD`` as an integer: the seed of that day's puzzles."""
    return day.year * 10_000 + day.month * 100 + day.day


def daily(day: dt.date) -> dict[str, str]:
    """Each family's puzzle of the day: its ``DAILY`` params, seeded with the date."""
    seed = daily_seed(day)
    out = {}
    for name in families.NAMES:
        family = families.family(name)
        out[name] = family.make_id(family.normalise_params(DAILY[name]), seed)
    return out


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def parse_day(text: str | None, today: dt.date | None = None) -> dt.date:
    """A ``YYYY-MM-DD`` date (None: ``today``, by default today's date in UTC)."""
    if text is None:
        return today or dt.datetime.now(dt.UTC).date()
    if _DATE.fullmatch(text):
        try:
            return dt.date.fromisoformat(text)
        except ValueError:
            raise InvalidParameterError(f"date {text} is not a day of the calendar") from None
    raise InvalidParameterError(
        f"date must be a day written YYYY-MM-DD, e.g. 2025-03-01, not {one_line(text, 40)!r}")


def packs_json(served: Sequence[Pack], day: dt.date) -> dict[str, Any]:
    """What ``GET /api/packs`` answers: served packs first, then the fixed ones, and the
    daily puzzles of ``day``."""
    return {"packs": [p.json() for p in (*served, *fixed_packs())], "daily": daily(day)}


# --- served pack files -----------------------------------------------------------------

MAX_LEVELS = 10_000
"""Most levels one served file may hold: the page lists every level of a pack."""


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug or "pack"


def _checked_id(family: Family[Any, Any], ident: Any) -> str:
    """An ID of ``family`` whose params read back (not regenerated: that is the page's
    first request, and a large file would hold the server's start for minutes)."""
    if not isinstance(ident, str):
        raise InvalidParameterError(f"'id' must be a text, not {one_line(repr(ident), 60)}")
    name, params, _ = parse_puzzle_id(ident)
    if name != family.name:
        raise InvalidParameterError(f"{ident!r} is a {name} ID in a {family.name} record")
    family.normalise_params(parse_params_text(family.generate_params, params))
    return ident


def _level(family: Family[Any, Any], record: Mapping[str, Any]) -> Level:
    """The record's ID where it has one, else its puzzle read by the family and written
    back in the family's JSON form (so the page gets what it gets everywhere else)."""
    if record.get("id") is not None:
        return {"id": _checked_id(family, record["id"])}
    if "puzzle" not in record:
        raise InvalidParameterError("the record has neither an 'id' nor a 'puzzle'")
    puzzles = family.parse(json.dumps(record["puzzle"]), "json")
    if len(puzzles) != 1:
        raise InvalidParameterError(f"the record holds {len(puzzles)} puzzles, not one")
    return {"puzzle": family.puzzle_json(puzzles[0])}


def _records(path: Path) -> Iterable[tuple[int, str]]:
    """The file's non-blank lines with their numbers; errors name the file."""
    with reading(path, "is a directory, not a pack file"), path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if line.strip():
                yield number, line


def read_pack_file(path: str | Path) -> Pack:
    """One pack from a JSON Lines file of one family's records (``numpuzzles batch``'s);
    its name and title come from the file's name."""
    path = Path(path)
    family: Family[Any, Any] | None = None
    first_line = 0
    levels: list[Level] = []
    for number, text in _records(path):
        where = f"{path}, line {number}"
        try:  # not jsontext's bounded reader: batch seeds run to 19 digits
            record = json.loads(text)
        except (ValueError, RecursionError):
            raise NumpuzzlesError(f"{where}: not a JSON record (a torn or foreign line?)") from None
        if not isinstance(record, dict) or not isinstance(record.get("family"), str):
            raise NumpuzzlesError(f"{where}: not a puzzle record (no 'family')")
        if family is None:
            try:
                family = families.family(record["family"])
            except NumpuzzlesError as exc:
                raise NumpuzzlesError(f"{where}: {exc}") from None
            first_line = number
        elif record["family"] != family.name:
            raise NumpuzzlesError(
                f"{path} mixes families: {family.name} (line {first_line}) and "
                f"{one_line(record['family'], 40)} (line {number}); a pack is of one family")
        if len(levels) >= MAX_LEVELS:
            raise NumpuzzlesError(f"{path} holds more than {MAX_LEVELS} puzzles; a pack "
                                  "takes at most that many")
        try:
            levels.append(_level(family, record))
        except NumpuzzlesError as exc:
            message = str(exc)
            if isinstance(exc, PuzzleFormatError) and exc.line is not None:
                message = message.removeprefix(f"line {exc.line}: ")  # the record's own
            raise NumpuzzlesError(f"{where}: {message}") from None
    if family is None:
        raise NumpuzzlesError(f"{path} holds no puzzle records")
    title = path.name.removesuffix(".jsonl") if path.name.endswith(".jsonl") else path.stem
    return Pack(_slug(title), family.name, title or path.name, tuple(levels))


def read_pack_files(paths: Sequence[str | Path]) -> tuple[Pack, ...]:
    """One pack a file, in the order given; names made unique (against the fixed packs'
    too) by a number where two would be the same."""
    taken = {spec.name for spec in FIXED}
    packs = []
    for path in paths:
        pack = read_pack_file(path)
        name, number = pack.name, 1
        while name in taken:
            number += 1
            name = f"{pack.name}-{number}"
        taken.add(name)
        packs.append(Pack(name, pack.family, pack.title, pack.levels))
    return tuple(packs)
