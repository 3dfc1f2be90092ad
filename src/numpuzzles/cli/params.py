"""Command-line options made from a family's declared parameters (``core.params.Param``).

Values reach the command as text and are checked by the family (``normalise_params``), so
the command line, the web app and IDs accept exactly the same values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import click

from ..core.params import Param

Decorator = Callable[[Any], Any]


def _help(param: Param) -> str:
    text = param.help
    if param.low is not None and param.high is not None:
        text += f" [{param.low}..{param.high}]"
    elif param.high is not None:
        text += f" [at most {param.high}]"
    if param.default is not None and param.kind is not bool and not param.as_flags:
        text += f" [default: {param.text(param.default)}]"
    return text


def _metavar(param: Param) -> str:
    """What the value is: N, SECONDS for a time limit, NUMBER for another fraction (a
    density is no time), TEXT."""
    if param.kind is int:
        return "N"
    if param.kind is float:
        return "SECONDS" if param.name.endswith(("timeout", "seconds")) else "NUMBER"
    return "TEXT"


def dest(param: Param) -> str:
    """The keyword the command receives for ``param``."""
    return f"p_{param.name}"


def option_name(param: Param) -> str:
    return "--" + param.name.replace("_", "-")


def decorators(params: Sequence[Param], *, arguments: bool = True) -> list[Decorator]:
    """One click option (or argument) per parameter, in order."""
    out: list[Decorator] = []
    for param in params:
        name = dest(param)
        if param.argument and arguments:
            # click >= 8.5 lists an argument's help, so SIZE shows its limits too
            out.append(click.argument(name, metavar=param.name.upper(), required=False,
                                      help=_help(param)))
        elif param.kind is bool:
            out.append(click.option(option_name(param), name, is_flag=True, default=None,
                                    help=_help(param)))
        elif param.as_flags:
            for choice in param.choices:
                if choice != param.default:
                    out.append(click.option(f"--{choice}", name, flag_value=choice,
                                            default=None, help=f"{param.name}: {choice}."))
        elif param.choices:
            out.append(click.option(option_name(param), name, type=click.Choice(param.choices),
                                    default=None, help=_help(param)))
        else:
            metavar = _metavar(param)
            out.append(click.option(option_name(param), name, default=None, metavar=metavar,
                                    help=_help(param)))
    return out


def apply(func: Any, decorated: Sequence[Decorator]) -> Any:
    """``func`` with the decorators applied so options list in the given order."""
    for decorate in reversed(decorated):
        func = decorate(func)
    return func


def shown_name(param: Param) -> str:
    """What the command line calls ``param``: ``--max-states``, or ``SIZE`` for an
    argument."""
    return param.name.upper() if param.argument else option_name(param)


def take(params: Sequence[Param], kwargs: dict[str, Any]) -> dict[str, Any]:
    """Remove the parameters' values from ``kwargs``; those the user gave, by name.

    Each value is checked here as well as by the family later, so that an error names the
    option the user typed (``--max-states must be at least 10000``), not the parameter's
    name in IDs and the library (``max_states``); the text itself is passed on."""
    given: dict[str, Any] = {}
    for param in params:
        value = kwargs.pop(dest(param), None)
        if value is not None:
            param.read(value, shown_name(param))
            given[param.name] = value
    return given
