"""Violations reported by the independent checkers."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Violation:
    """One broken rule: a short rule name and a sentence a person can act on."""

    rule: str
    message: str

    def __str__(self) -> str:
        return self.message
