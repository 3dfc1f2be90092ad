"""What a batch file holds: counts, sizes, difficulty, generation times, duplicates.

Read line by line (a batch may be large); the puzzles are read back through their family
to find duplicates up to symmetry and relabelling (``Family.distinct_key``), so this also
proves every line is a puzzle its family reads.  A torn last line (a batch still running
or cut off) is counted, not fatal.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import families
from ..core.errors import InvalidParameterError, PuzzleFormatError, install_hint


@dataclass
class Summary:
    """The facts ``report`` prints and ``plot`` draws."""

    records: int = 0
    torn: int = 0
    families: Counter[str] = field(default_factory=Counter)
    sizes: Counter[str] = field(default_factory=Counter)
    difficulty: Counter[str] = field(default_factory=Counter)
    seconds: list[float] = field(default_factory=list)
    duplicates: int = 0
    repeated_seeds: int = 0
    density: list[float] = field(default_factory=list)


def _size(puzzle: dict[str, Any]) -> str:
    if "width" in puzzle and "height" in puzzle:
        return f"{puzzle['width']}x{puzzle['height']}"
    if "size" in puzzle:
        return f"{puzzle['size']}x{puzzle['size']}"
    return "?"


def _density(puzzle: dict[str, Any]) -> float | None:
    """Numberlink's clue density: label pairs per cell."""
    grid = puzzle.get("grid")
    width, height = puzzle.get("width"), puzzle.get("height")
    if not isinstance(grid, list) or not isinstance(width, int) or not isinstance(height, int):
        return None
    labels = {v for row in grid for v in row if isinstance(v, int) and v > 0}
    return len(labels) / (width * height) if width * height else None


def summarise(path: str | os.PathLike[str]) -> Summary:
    """Read the batch file ``path`` (JSON Lines of generate records)."""
    summary = Summary()
    keys: dict[str, set[Hashable]] = {}
    seeds: set[tuple[str, str]] = set()
    with open(path, "rb") as handle:
        for number, raw in enumerate(handle, 1):
            if not raw.endswith(b"\n"):
                summary.torn += 1
                break
            where = f"{path}:{number}"
            try:
                record = json.loads(raw)
            except ValueError:
                raise PuzzleFormatError(f"{where}: not a JSON line") from None
            if not isinstance(record, dict) or not isinstance(record.get("puzzle"), dict):
                raise PuzzleFormatError(f"{where}: not a generated-puzzle record")
            name = str(record.get("family"))
            try:
                family = families.family(name)
            except InvalidParameterError:
                raise PuzzleFormatError(f"{where}: unknown family {name!r}") from None
            (puzzle,) = family.parse(json.dumps(record["puzzle"]), "json")
            summary.records += 1
            summary.families[name] += 1
            summary.sizes[f"{name} {_size(record['puzzle'])}"] += 1
            summary.difficulty[str(record.get("difficulty") or "none")] += 1
            seconds = record.get("seconds")
            if isinstance(seconds, int | float):
                summary.seconds.append(float(seconds))
            ident = (name, str(record.get("id")))
            if ident in seeds:
                summary.repeated_seeds += 1
            seeds.add(ident)
            seen = keys.setdefault(name, set())
            key = family.distinct_key(puzzle)
            if key in seen:
                summary.duplicates += 1
            seen.add(key)
            if name in ("numberlink", "arukone"):
                density = _density(record["puzzle"])
                if density is not None:
                    summary.density.append(density)
    return summary


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile of sorted ``values``."""
    if not values:
        return 0.0
    rank = max(0, min(len(values) - 1, round(fraction * len(values) + 0.5) - 1))
    return values[rank]


def report(summary: Summary) -> list[str]:
    """The summary as lines of text for a person."""
    lines = [f"puzzles: {summary.records}"]
    if summary.torn:
        lines.append("torn last line: 1 (a run still going or cut off; a rerun removes it)")
    lines.append("families: " + ", ".join(f"{k} {v}" for k, v in sorted(summary.families.items())))
    lines.append("sizes: " + ", ".join(f"{k}: {v}" for k, v in sorted(summary.sizes.items())))
    total = max(1, summary.records)
    lines.append("difficulty: " + ", ".join(
        f"{k} {v} ({100 * v / total:.1f}%)" for k, v in sorted(summary.difficulty.items())
    ))
    times = sorted(summary.seconds)
    if times:
        marks = ", ".join(
            f"p{int(q * 100)} {percentile(times, q) * 1000:.1f}" for q in (0.5, 0.9, 0.99)
        )
        lines.append(f"generation ms: {marks}, max {times[-1] * 1000:.1f}, "
                     f"mean {1000 * sum(times) / len(times):.1f}")
    lines.append(f"duplicates up to symmetry and relabelling: {summary.duplicates}")
    if summary.repeated_seeds:
        lines.append(f"repeated IDs: {summary.repeated_seeds}")
    if summary.density:
        dens = sorted(summary.density)
        lines.append(f"clue density (pairs per cell): min {dens[0]:.3f}, "
                     f"median {percentile(dens, 0.5):.3f}, max {dens[-1]:.3f}")
    return lines


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def to_json(summary: Summary) -> dict[str, Any]:
    """The summary as one JSON object (``batch stats --json``; docs/json.md): the same
    facts as ``report``, counts as integers, times in milliseconds, and ``null`` for a
    part that does not apply (no times, no Numberlink boards)."""
    times = sorted(summary.seconds)
    generation: dict[str, float] | None = None
    if times:
        generation = {f"p{int(q * 100)}": _ms(percentile(times, q)) for q in (0.5, 0.9, 0.99)}
        generation["max"] = _ms(times[-1])
        generation["mean"] = _ms(sum(times) / len(times))
    density: dict[str, float] | None = None
    if summary.density:
        dens = sorted(summary.density)
        density = {"min": round(dens[0], 6), "median": round(percentile(dens, 0.5), 6),
                   "max": round(dens[-1], 6)}
    return {
        "puzzles": summary.records,
        "torn": summary.torn,
        "families": dict(sorted(summary.families.items())),
        "sizes": dict(sorted(summary.sizes.items())),
        "difficulty": dict(sorted(summary.difficulty.items())),
        "generation_ms": generation,
        "duplicates": summary.duplicates,
        "repeated_ids": summary.repeated_seeds,
        "clue_density": density,
    }


def require_plot() -> None:
    """Refuse at once when matplotlib is missing: the command line asks before it reads the
    file or prints a line, so a missing extra is one line and exit 2, not a report
    followed by an error."""
    import importlib.util

    if importlib.util.find_spec("matplotlib") is None:
        raise InvalidParameterError(f"--plot needs matplotlib: {install_hint('plot')}")


def plot(summary: Summary, path: str | os.PathLike[str]) -> None:
    """Difficulty and generation-time histograms as a PNG (matplotlib: the ``plot`` extra)."""
    require_plot()
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise InvalidParameterError(f"--plot needs matplotlib: {install_hint('plot')}") from None
    figure, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    names = sorted(summary.difficulty)
    left.bar(names, [summary.difficulty[n] for n in names])
    left.set_title("difficulty")
    left.set_ylabel("puzzles")
    right.hist([s * 1000 for s in summary.seconds], bins=40)
    right.set_title("generation time")
    right.set_xlabel("ms")
    figure.tight_layout()
    target = Path(path)
    try:
        figure.savefig(target, format="png")
    except OSError as exc:
        raise InvalidParameterError(f"cannot write {target}: {exc.strerror or exc}") from None
    finally:
        plt.close(figure)
