"""Reproducible randomness and puzzle IDs.

Every generator takes an integer seed and derives all of its randomness from it, so the
same seed prints the same puzzle.  A puzzle ID ``family:params#seed`` names a generated
puzzle in a way that regenerates it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import InvalidParameterError

if TYPE_CHECKING:  # imported where used: a process that only solves never needs them
    import random

MAX_SEED = 2**63 - 1


def fresh_seed() -> int:
    """A new random seed, for runs where the user gave none (it is printed so it can be reused)."""
    import secrets

    return secrets.randbelow(2**31)


def check_seed(seed: int) -> None:
    """Raise ``InvalidParameterError`` unless ``seed`` is in 0..``MAX_SEED``."""
    if not 0 <= seed <= MAX_SEED:
        raise InvalidParameterError(f"seed must be between 0 and {MAX_SEED}, got {seed}")


def rng(seed: int) -> random.Random:
    """The one random source a generator uses for ``seed``."""
    check_seed(seed)
    import random

    return random.Random(seed)


def puzzle_id(family: str, params: str, seed: int) -> str:
    """The stable ID of a generated puzzle, e.g. ``fubuki:4x4#17``."""
    return f"{family}:{params}#{seed}"


def parse_puzzle_id(text: str) -> tuple[str, str, int]:
    """Split an ID made by ``puzzle_id`` back into family, params and seed."""
    head, sep, seed_text = text.partition("#")
    family, colon, params = head.partition(":")
    if not sep or not colon or not seed_text.isdigit():
        raise InvalidParameterError(f"not a puzzle ID (family:params#seed): {text!r}")
    return family, params, int(seed_text)
