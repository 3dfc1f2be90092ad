"""Help text written whole: command listings that are never cut, and a family's rule sets.

Why not click's listing: click shortens each command's summary to fit one line and ends it
in "...", so a reader of ``numpuzzles --help`` saw half a sentence.  Here a summary is the
command's whole first sentence, wrapped instead of cut.

Why the rule sets come from the family: ``Family.how_to_play`` words what each rule set's
checker enforces (the page shows the same sentences), so ``numpuzzles FAMILY --help`` prints
those sentences and never a second description that could drift from them.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Sequence
from typing import Any

import click

from ..core.family import Family
from ..core.params import Param

_SENTENCE_END = re.compile(r"(?<!e\.g)(?<!i\.e)\.(?=\s|$)")


def summary(command: click.Command) -> str:
    """The command's ``short_help``, else the whole first sentence of its help."""
    if command.short_help:
        return " ".join(command.short_help.split())
    first = inspect.cleandoc(command.help or "").split("\n\n", 1)[0]
    text = " ".join(first.replace("\b", "").split())
    end = _SENTENCE_END.search(text)
    return text[: end.end()] if end else text


def write_commands(formatter: click.HelpFormatter, title: str,
                   commands: Sequence[tuple[str, click.Command]]) -> None:
    """A section listing ``commands`` with their whole summaries, wrapped, never cut."""
    rows = [(name, summary(command)) for name, command in commands if not command.hidden]
    if rows:
        with formatter.section(title):
            formatter.write_dl(rows)


class ListingGroup(click.Group):
    """A group whose command list shows whole summaries (see ``summary``)."""

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        found = [(name, self.get_command(ctx, name)) for name in self.list_commands(ctx)]
        write_commands(formatter, "Commands", [(n, c) for n, c in found if c is not None])


def _common_prefix(texts: list[list[str]]) -> list[str]:
    shared: list[str] = []
    for sentences in zip(*texts, strict=False):
        if any(s != sentences[0] for s in sentences):
            break
        shared.append(sentences[0])
    return shared


def _chooser(family: Family[Any, Any]) -> str:
    """How a user picks a rule set: the parameter whose choices are the rule sets."""
    params: list[Param] = [*family.read_params, *family.generate_params]
    for param in params:
        if param.choices and set(family.rule_sets) <= set(param.choices):
            if param.as_flags:
                flags = " or ".join(f"--{c}" for c in param.choices if c != param.default)
                return f"generate picks one with {flags}; a puzzle's text names its own."
            return f"Pick one with --{param.name.replace('_', '-')} NAME."
    return ""


def rule_sets(family: Family[Any, Any]) -> tuple[list[str], list[tuple[str, str]], list[str]]:
    """The sentences every rule set shares before and after its own, and each rule set's
    own sentences, from ``how_to_play`` (the first rule set is the default)."""
    names = list(family.rule_sets)
    for param in family.read_params:  # rules a puzzle may be read under (Arukone: all)
        if param.name == "rules":
            names += [c for c in param.choices if c not in names]
    texts = [family.how_to_play(name) for name in names]
    if len(texts) == 1:
        return [], [(names[0], " ".join(texts[0]))], []
    before = _common_prefix(texts)
    after = _common_prefix([t[len(before):][::-1] for t in texts])[::-1]
    own = [" ".join(t[len(before):len(t) - len(after)]) for t in texts]
    return before, list(zip(names, own, strict=True)), after


def write_rule_sets(formatter: click.HelpFormatter, family: Family[Any, Any]) -> None:
    """A "Rule sets" section: the shared rules, then each rule set's own."""
    before, own, after = rule_sets(family)
    default = family.rule_sets[0]
    with formatter.section(f"Rule sets (default: {default})"):
        if before:
            formatter.write_text(f"In every rule set: {' '.join(before)}")
            formatter.write_paragraph()
        formatter.write_dl([(name, text or "as above") for name, text in own])
        if after:
            formatter.write_paragraph()
            formatter.write_text(f"And in every one: {' '.join(after)}")
        chooser = _chooser(family)
        if chooser:
            formatter.write_paragraph()
            formatter.write_text(chooser)
