"""Generation parameters declared once per family, read by every surface.

A family lists its parameters as ``Param`` values.  The command line turns them into
options, the web app into form fields, batch generation into its own options, and puzzle IDs
(``family:params#seed``) are written and read back from them, so a parameter is described in
exactly one place.

In an ID, the parameters are a comma list: *positional* parameters by value, in order
(``15x15,fill``), others as ``name=value`` (``pairs=12``) or, for a true flag, by name alone
(``unique``).  Reading an ID back, a bare word goes to the first positional parameter whose
choices accept it, so ``10x10,unionfind`` still finds the ``method``.

>>> size = Param("size", int, 3, "Grid size.", low=3, high=5, positional=True)
>>> spec = (size, Param("givens", int, None, "Givens."))
>>> params = normalise(spec, {"givens": "4"})
>>> params
{'size': 3, 'givens': 4}
>>> params_text(spec, params)
'3,givens=4'
>>> parse_params_text(spec, "3,givens=4") == params
True

A parameter whose default changed after IDs were shared says what its absence meant:

>>> longest = Param("longest", int, 3, "Longest.", id_absent="2")
>>> params_text((longest,), {"longest": 3}), params_text((longest,), {"longest": 2})
('longest=3', '')
>>> parse_params_text((longest,), "")
{'longest': 2}
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import InvalidParameterError

Converter = Callable[[str], Any]


@dataclass(frozen=True)
class Param:
    """One parameter: its name, type, default and the range a user may ask for.

    ``kind`` is ``int``, ``float``, ``str`` or ``bool`` (a flag).  ``low``/``high`` bound ints (the
    documented maximum keeps a request from exhausting memory); ``choices`` bounds strings.
    ``convert`` reads a value from text (default: ``kind``) and ``show`` writes it for IDs.
    ``positional``: written by value in IDs (and a command-line argument when
    ``argument``).  ``in_id`` False: it changes how a puzzle is made but not which one
    (a time limit), so IDs leave it out.  ``as_flags``: a choice shown on the command
    line as one flag per non-default choice (``--diagonals``, ``--product``).
    ``hide_default``: a positional value left out of IDs when it is the default.
    ``id_absent``: what an ID that lacks this keyed parameter means, where that is not
    ``default`` (text, read like an ID's).  Why: a default may change after IDs were
    shared (Numberlink's ``min_length``); the old IDs must still name their old puzzles,
    so new IDs write the new default out and leave out only the old value.
    """

    name: str
    kind: type
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    positional: bool = False
    argument: bool = False
    in_id: bool = True
    as_flags: bool = False
    hide_default: bool = False
    convert: Converter | None = None
    show: Callable[[Any], str] | None = None
    id_absent: str | None = None

    def read(self, value: Any, named: str | None = None) -> Any:
        """``value`` (text from a command line or an ID, or a JSON value) checked and typed.
        ``named``: what an error calls the parameter, where the user knows it by another
        name (the command line's ``--max-states`` for ``max_states``)."""
        if value is None:
            return None
        name = named or self.name
        if self.kind is bool:
            return _boolean(name, value)
        if isinstance(value, str) and self.convert is not None:
            value = self.convert(value)
        elif self.kind is int:
            value = _integer(name, value)
        elif self.kind is float:
            value = _number(name, value)
        elif self.kind is str and not isinstance(value, str):
            raise InvalidParameterError(f"{name} must be text, got {value!r}")
        if self.choices and value not in self.choices:
            raise InvalidParameterError(
                f"{name} must be one of {', '.join(self.choices)}, got {value!r}"
            )
        if isinstance(value, int) and not isinstance(value, bool):
            if self.low is not None and value < self.low:
                raise InvalidParameterError(f"{name} must be at least {self.low}, got {value}")
            if self.high is not None and value > self.high:
                raise InvalidParameterError(
                    f"{name} must be at most {self.high} (the documented maximum), "
                    f"got {value}"
                )
        return value

    def text(self, value: Any) -> str:
        """How ``value`` is written in an ID."""
        return self.show(value) if self.show is not None else str(value)


def _integer(name: str, value: Any) -> int:
    if isinstance(value, bool):
        raise InvalidParameterError(f"{name} must be a whole number, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip()
        if re.fullmatch(r"[+-]?[0-9]{1,30}", text):
            return int(text)
    raise InvalidParameterError(f"{name} must be a whole number, got {value!r}")


def _number(name: str, value: Any) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        raise InvalidParameterError(f"{name} must be a number, got {value!r}") from None
    if isinstance(value, bool) or not math.isfinite(number) or number <= 0:
        raise InvalidParameterError(f"{name} must be a positive number, got {value!r}")
    return number


def _boolean(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on", "0", "false", "no"):
        return value.lower() in ("1", "true", "yes", "on")
    raise InvalidParameterError(f"{name} is a flag (true or false), got {value!r}")


def normalise(spec: Sequence[Param], given: Mapping[str, Any]) -> dict[str, Any]:
    """Every parameter of ``spec``: ``given`` values checked and typed, defaults filled in.

    Unknown names are refused, so a typo never silently falls back to a default.
    """
    known = {p.name for p in spec}
    unknown = sorted(set(given) - known)
    if unknown:
        raise InvalidParameterError(
            f"unknown parameter {unknown[0]!r}; known: {', '.join(p.name for p in spec)}"
        )
    out: dict[str, Any] = {}
    for param in spec:
        value = given.get(param.name)
        out[param.name] = param.default if value is None else param.read(value)
    return out


def params_text(spec: Sequence[Param], params: Mapping[str, Any]) -> str:
    """The params part of an ID: positional values, then changed keyed values and flags."""
    parts: list[str] = []
    for param in spec:
        value = params.get(param.name)
        if not param.in_id or value is None:
            continue
        if param.positional:
            if not (param.hide_default and value == param.default):
                parts.append(param.text(value))
        elif param.kind is bool:
            if value:
                parts.append(param.name)
        elif param.id_absent is not None:
            if value != param.read(param.id_absent):
                parts.append(f"{param.name}={param.text(value)}")
        elif value != param.default:
            parts.append(f"{param.name}={param.text(value)}")
    return ",".join(parts)


def parse_params_text(spec: Sequence[Param], text: str) -> dict[str, Any]:
    """The parameters written by ``params_text`` (and by earlier versions of it)."""
    given: dict[str, Any] = {}
    by_name = {p.name: p for p in spec}
    open_positional = [p for p in spec if p.positional and p.in_id]
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        name, eq, value = item.partition("=")
        if eq:
            param = by_name.get(name.strip())
            if param is None or not param.in_id:
                raise InvalidParameterError(f"unknown parameter {name.strip()!r} in {text!r}")
            given[param.name] = value.strip()
            continue
        flag = by_name.get(item)
        if flag is not None and flag.kind is bool:
            given[flag.name] = True
            continue
        target = next((p for p in open_positional if p.choices and item in p.choices), None)
        if target is None:
            target = next((p for p in open_positional if not p.choices), None)
        if target is None:
            raise InvalidParameterError(f"unexpected {item!r} in the parameters {text!r}")
        open_positional.remove(target)
        given[target.name] = item
    for param in spec:
        if param.id_absent is not None and param.in_id and param.name not in given:
            given[param.name] = param.id_absent
    return normalise(spec, given)
