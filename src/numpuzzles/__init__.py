"""numpuzzles: solve, generate, check and draw number-grid logic puzzles.

Families, one sub-package each behind the one protocol (``core.family.Family``), listed in
``families`` (the registry, loaded lazily): ``fubuki``, ``nummatch`` (Number Match) and
``numberlink`` (Numberlink, with Arukone in its ``arukone/`` wing).  What is written once
over the protocol: ``cli`` (the command line), ``web`` (the local web app), ``draw`` (SVG,
PNG, PDF, books) and ``batch`` (many puzzles into one file); ``core`` is what they share.
Results share ``numpuzzles.Status`` and ``numpuzzles.SolveResult``.
"""

from .core.errors import (
    GenerationError,
    InvalidParameterError,
    InvalidPuzzleError,
    NumpuzzlesError,
    PuzzleFormatError,
)
from .core.result import SolveResult, Stats, Status
from .core.violation import Violation

__version__ = "0.1.0"

__all__ = [
    "GenerationError",
    "InvalidParameterError",
    "InvalidPuzzleError",
    "NumpuzzlesError",
    "PuzzleFormatError",
    "SolveResult",
    "Stats",
    "Status",
    "Violation",
    "__version__",
]
