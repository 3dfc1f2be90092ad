"""Every shell command the README shows runs, and exits as the README says.

Why: a README example that fails is the first thing a new user meets (issue 25: its first
Number Match example printed "no solution").  The convention, written in the README
itself so that nothing is skipped silently:

- every ``sh`` block is preceded by ``<!-- readme-test: run -->`` or by
  ``<!-- readme-test: skip (why) -->``; a block with neither fails this test, and so does
  a fenced block without a language whose lines are commands;
- a ``run`` block runs on its own, line by line (a line ending in ``\\`` continues), in an
  empty temporary directory, through bash, with ``numpuzzles`` meaning this interpreter's
  package;
- each command must exit 0, unless its comment says ``exit N``.

Only exit codes are compared: what a command prints may change (headers moving to
standard error) without the README being wrong.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
MARK = re.compile(r"^<!--\s*readme-test:\s*(run|skip)\b(.*?)-->\s*$")
FENCE = re.compile(r"^```(\S*)\s*$")
EXIT = re.compile(r"#.*\bexit (\d+)\b")
SHELL = ("sh", "bash", "shell", "console")
TIMEOUT = 120.0
"""Seconds one command may take (the slowest takes about two; a hung one must not stall)."""


@dataclass(frozen=True)
class Block:
    """One fenced block: where it starts, its language, its mark and its lines."""

    line: int
    language: str
    mark: str | None
    reason: str
    lines: tuple[str, ...]


def _blocks(text: str) -> list[Block]:
    """The fenced blocks of ``text``, each with the mark on the nearest line before it."""
    found: list[Block] = []
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        fence = FENCE.match(lines[index])
        if fence is None:
            index += 1
            continue
        start = index
        body: list[str] = []
        index += 1
        while index < len(lines) and not lines[index].startswith("```"):
            body.append(lines[index])
            index += 1
        before = next((lines[i] for i in range(start - 1, -1, -1) if lines[i].strip()), "")
        mark = MARK.match(before.strip())
        found.append(Block(start + 1, fence.group(1), mark.group(1) if mark else None,
                           mark.group(2).strip() if mark else "", tuple(body)))
        index += 1
    return found


def _commands(block: Block) -> list[tuple[int, str, int]]:
    """The block's commands: (README line, command, expected exit code)."""
    out: list[tuple[int, str, int]] = []
    pending = ""
    first = 0
    for number, raw in enumerate(block.lines, start=block.line + 1):
        if not pending:
            first = number
        if raw.rstrip().endswith("\\"):
            pending += raw.rstrip()[:-1] + " "
            continue
        command = (pending + raw).strip()
        pending = ""
        if not command or command.startswith("#"):
            continue
        stated = EXIT.search(command)
        out.append((first, command, int(stated.group(1)) if stated else 0))
    return out


BLOCKS = _blocks(README.read_text(encoding="utf-8"))
RUN = [b for b in BLOCKS if b.mark == "run"]


def test_every_shell_block_is_marked_run_or_skip_with_a_reason() -> None:
    unmarked = [b.line for b in BLOCKS if b.language in SHELL and b.mark is None]
    assert unmarked == [], f"README.md: sh blocks at lines {unmarked} need a readme-test mark"
    no_reason = [b.line for b in BLOCKS if b.mark == "skip" and not b.reason]
    assert no_reason == [], f"README.md: skipped blocks at lines {no_reason} say no reason"
    looks_like_shell = [
        b.line for b in BLOCKS
        if not b.language and any(line.startswith(("numpuzzles ", "pip ")) for line in b.lines)
    ]
    assert looks_like_shell == [], f"README.md: command blocks at {looks_like_shell} need 'sh'"


def test_the_readme_runs_its_examples() -> None:
    """Most shell commands run: marking every block 'skip' would pass the test above."""
    ran = sum(len(_commands(b)) for b in RUN)
    skipped = sum(len(_commands(b)) for b in BLOCKS if b.mark == "skip")
    assert ran >= 40 and ran > 3 * skipped, (ran, skipped)


def test_the_parser_reads_marks_continuations_and_stated_exits() -> None:
    text = ("<!-- readme-test: run -->\n```sh\nnumpuzzles a \\\n  --b   # exit 3\n\n"
            "# a comment\nnumpuzzles c 'x#1'\n```\n\n```\n# ID: x\n```\n")
    first, second = _blocks(text)
    assert (first.mark, first.language, second.mark, second.language) == ("run", "sh", None, "")
    assert _commands(first) == [(3, "numpuzzles a    --b   # exit 3", 3),
                                (7, "numpuzzles c 'x#1'", 0)]


@pytest.fixture(scope="module")
def shell_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """PATH with a ``numpuzzles`` that is this interpreter's package (not whatever else is
    installed), as the README's reader has after installing."""
    bin_dir = tmp_path_factory.mktemp("bin")
    script = bin_dir / "numpuzzles"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m numpuzzles "$@"\n')
    script.chmod(0o755)
    env = dict(os.environ)
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    env.pop("NUMPUZZLES_DEBUG", None)
    return env


@pytest.mark.parametrize("block", RUN, ids=[f"README.md:{b.line}" for b in RUN])
def test_readme_block(block: Block, shell_env: dict[str, str], tmp_path: Path) -> None:
    for line, command, expected in _commands(block):
        done = subprocess.run(
            ["bash", "-c", command], cwd=tmp_path, env=shell_env, stdin=subprocess.DEVNULL,
            capture_output=True, text=True, timeout=TIMEOUT, check=False,
        )
        assert done.returncode == expected, (
            f"README.md:{line}: {command}\nexpected exit {expected}, got {done.returncode}; "
            f"stderr: {done.stderr[-600:]}"
        )
        if expected == 2:  # bad input: one line on standard error, never a traceback
            assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
