"""Help that tells the truth (issue 25): nothing cut short, and the rule sets spelled out.

Why these tests: click shortens a command's summary in a listing to one line ending in
"...", which left ``numpuzzles --help`` with half sentences; and a family's help listed
only its commands, so nobody could learn what ``--rules classic`` means.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator

import click
import pytest
from click.testing import CliRunner

from numpuzzles.cli.main import cli
from numpuzzles.families import NAMES, family


def _walk(command: click.Command, path: list[str],
          ctx: click.Context) -> Iterator[tuple[list[str], click.Command]]:
    yield path, command
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            assert sub is not None, (path, name)
            yield from _walk(sub, [*path, name], click.Context(sub, info_name=name, parent=ctx))


COMMANDS = list(_walk(cli, [], click.Context(cli, info_name="numpuzzles")))


def _help(path: list[str]) -> str:
    result = CliRunner().invoke(cli, [*path, "--help"], prog_name="numpuzzles")
    assert result.exit_code == 0, result.output
    return result.output


def _flat(text: str) -> str:
    return " ".join(text.split())


def _first_sentence(command: click.Command) -> str:
    """The first sentence of the command's own help, as its author wrote it."""
    paragraph = inspect.cleandoc(command.help or "").split("\n\n")[0]
    return re.split(r"(?<=\.)\s", _flat(paragraph), maxsplit=1)[0]


def test_every_command_is_reached() -> None:
    paths = {" ".join(path) for path, _ in COMMANDS}
    for name in NAMES:
        assert {name, f"{name} generate", f"{name} solve", f"batch {name}", f"book {name}"} <= paths
    assert {"serve", "batch stats"} <= paths


@pytest.mark.parametrize("path", [p for p, _ in COMMANDS], ids=lambda p: " ".join(p) or "root")
def test_no_help_line_is_cut_short(path: list[str]) -> None:
    text = _help(path)
    for line in text.splitlines():
        if not line.startswith("Usage:"):  # "[ARGS]..." there is click's metavar
            assert not line.rstrip().endswith("..."), line
        assert len(line) <= 100, line


GROUPS = [p for p, c in COMMANDS if isinstance(c, click.Group)]


@pytest.mark.parametrize("path", GROUPS, ids=lambda p: " ".join(p) or "root")
def test_listings_show_each_command_s_whole_first_sentence(path: list[str]) -> None:
    group = dict((tuple(p), c) for p, c in COMMANDS)[tuple(path)]
    assert isinstance(group, click.Group)
    shown = _flat(_help(path))
    ctx = click.Context(group, info_name="x")
    for name in group.list_commands(ctx):
        sub = group.get_command(ctx, name)
        assert sub is not None
        if (path == [] and name in NAMES) or path == ["book"]:
            expected = family(name).title  # families are listed by their titles
        else:
            expected = _first_sentence(sub)
        assert len(expected) > 10 and f"{name} {expected}" in shown, (name, expected)


def _entry(text: str, name: str) -> str:
    """The definition-list entry of ``name`` in a help text: its line and the lines
    indented under it."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(rf"  {re.escape(name)}\s", line))
    indent = len(lines[start]) - len(lines[start][2 + len(name):].lstrip())
    body = [lines[start]]
    for line in lines[start + 1:]:
        if not line.strip() or len(line) - len(line.lstrip()) < indent:
            break
        body.append(line)
    return _flat("\n".join(body))[len(name):].strip()


@pytest.mark.parametrize("name", sorted(NAMES))
def test_family_help_states_every_rule_set_s_rules(name: str) -> None:
    fam = family(name)
    text = _help([name])
    section = text[text.index("Rule sets"):]
    flat = _flat(section)
    assert f"default: {fam.rule_sets[0]}" in flat
    for rules in fam.rule_sets:
        entry = _entry(section, rules)
        sentences = fam.how_to_play(rules)
        shared = [s for s in sentences if all(s in fam.how_to_play(r) for r in fam.rule_sets)]
        for sentence in sentences:
            where = flat if sentence in shared and len(fam.rule_sets) > 1 else entry
            assert sentence in where, (rules, sentence)


def test_number_match_help_tells_the_presets_apart() -> None:
    """What a user could not learn before (issue 25): each preset's own rules, by name."""
    text = _help(["nummatch"])
    section = text[text.index("Rule sets"):]
    easybrain, classic = _entry(section, "easybrain"), _entry(section, "classic")
    brief, original = _entry(section, "brief"), _entry(section, "original")
    assert "at most 5 times" in easybrain and "45° diagonal" in easybrain
    assert "as often as you like" in classic and "diagonal" not in classic
    assert "reading order" in classic and "reading order" not in original
    assert "touch at a corner" in brief and "No digits are ever added" in original
    assert "--rules" in section


def test_numberlink_and_fubuki_help_name_their_rule_sets() -> None:
    numberlink = _help(["numberlink"])
    assert "never runs alongside itself" in _entry(numberlink, "fill-notouch")
    assert "may stay empty" in _entry(numberlink, "blank")
    fubuki = _help(["fubuki"])
    assert "multiplied" in _entry(fubuki, "product")
    assert "--diagonals" in fubuki and "--product" in fubuki


def test_serve_help_mentions_the_page() -> None:
    text = _flat(_help(["serve"]))
    assert "page at /" in text and "/openapi.json" in text and "pip install -e '.[web]'" in text


def test_no_help_names_an_install_command_that_fails() -> None:
    """numpuzzles is on no registry: ``pip install 'numpuzzles[x]'`` cannot work."""
    for path, _ in COMMANDS:
        assert "numpuzzles[" not in _help(path), path
