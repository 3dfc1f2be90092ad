"""numpuzzles: solve, generate, check and draw number-grid logic puzzles.

Families: ``numpuzzles.fubuki`` (and, as they land, Number Match, Numberlink, Arukone).
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
