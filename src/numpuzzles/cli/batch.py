"""``numpuzzles batch FAMILY ...`` and ``numpuzzles batch stats FILE``: the thin command
line over ``numpuzzles.batch``.

``batch`` is a group whose commands are the families, built on demand like the root
group, because each family's generation options (``generate_params``) become options.
"""

from __future__ import annotations

import json
import signal
import sys
import threading
from pathlib import Path
from typing import Any

import click

from .. import families
from ..batch.loops import Progress, run_batch
from ..batch.runner import default_workers, local_runner
from ..batch.tasks import MAX_BATCH, spec
from ..core.errors import install_hint
from ..core.fileio import check_writable
from ..core.seeds import MAX_SEED
from . import params as cli_params
from .common import CONTEXT_SETTINGS, EXIT_OK
from .helptext import ListingGroup


class _Bar:
    """Progress on a terminal: click's bar on standard error (done, rate, time left).

    The bar counts this run's puzzles: it is made at the batch loop's first report, once the
    puzzles already in the file are known, so that a resumed run's rate and time left are
    not flattered by the lines it found (the label says how many there were)."""

    def __init__(self) -> None:
        self._state: Progress | None = None
        self._bar: Any = None
        self._shown = 0

    def _rate(self, _: Any) -> str | None:
        state = self._state
        if state is None or state.seconds <= 0:
            return None
        return f"{state.made / state.seconds:.1f}/s"

    def __call__(self, state: Progress) -> None:
        self._state = state
        if self._bar is None:
            length = state.total - state.resumed
            if length <= 0:
                return
            label = "generating"
            if state.resumed:
                label += f" ({state.resumed} already in the file)"
            self._bar = click.progressbar(
                length=length, label=label, file=sys.stderr, show_eta=True, show_pos=True,
                item_show_func=self._rate,
            )
            self._bar.__enter__()
        step = state.made - self._shown
        self._shown = state.made
        self._bar.update(step, state)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)


EXIT_INTERRUPTED = 130


class _CtrlC:
    """The first Ctrl-C asks the batch to stop after writing whole lines (the batch loop
    looks at ``pressed``); a second one interrupts at once, as usual."""

    def __init__(self) -> None:
        self._pressed = False
        self._previous: Any = None

    def pressed(self) -> bool:
        return self._pressed

    def _handle(self, signum: int, frame: Any) -> None:
        self._pressed = True
        signal.signal(signal.SIGINT, self._previous)

    def __enter__(self) -> _CtrlC:
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None and not self._pressed:
            signal.signal(signal.SIGINT, self._previous)


def _summary(state: Progress, output: Path) -> str:
    rate = state.made / state.seconds if state.seconds > 0 else 0.0
    parts = [f"{output}: {state.done} of {state.total} puzzles"]
    parts.append(f"{state.made} made in {state.seconds:.1f} s ({rate:.1f}/s)")
    if state.resumed:
        parts.append(f"{state.resumed} were already there")
    if state.dropped:
        parts.append(f"{state.dropped} duplicates dropped")
    if state.dropped_before:
        parts.append(f"{state.dropped_before} dropped before were skipped")
    if state.interrupted:
        parts.append("interrupted: run the same command again to continue")
    return ", ".join(parts)


def _family_command(name: str) -> click.Command:
    family = families.family(name)

    def run(**kwargs: Any) -> int:
        given = cli_params.take(family.generate_params, kwargs)
        job = spec(family, given, kwargs["seed"], kwargs["count"], distinct=kwargs["distinct"])
        output: Path = kwargs["output"]
        if kwargs["scheduler"] is not None:
            if kwargs["workers"] is not None:
                raise click.UsageError("--workers is for local runs; the cluster has its own")
            from ..batch.cluster import dask_runner

            runner = dask_runner(kwargs["scheduler"])
        else:
            runner = local_runner(kwargs["workers"] or default_workers())
        bar = _Bar() if sys.stderr.isatty() else None
        try:
            with _CtrlC() as ctrl_c:
                state = run_batch(job, output, runner, bar, stop=ctrl_c.pressed)
        finally:
            if bar is not None:
                bar.close()
        click.echo(_summary(state, output), err=True)
        return EXIT_INTERRUPTED if state.interrupted else EXIT_OK

    run.__doc__ = f"""Generate many {name} puzzles into OUT (JSON Lines), over every core.

    Puzzle i is made from a seed derived from --seed and i, so the same command makes the
    same set of puzzles with any number of workers.  Rerunning it continues an interrupted
    run: lines OUT already holds are kept and skipped.
    """
    decorated = [
        *cli_params.decorators(family.generate_params, arguments=False),
        click.option("--count", type=click.IntRange(1, MAX_BATCH), required=True,
                     help="How many puzzles the file should hold."),
        click.option("--seed", type=click.IntRange(0, MAX_SEED), default=0, show_default=True,
                     help="Base seed: puzzle i uses a seed derived from it and i."),
        click.option("--workers", type=click.IntRange(1, 1024), default=None,
                     help="Local worker processes [default: every core]."),
        click.option("--distinct", is_flag=True,
                     help="Drop puzzles equal to a kept one up to symmetry and relabelling."),
        click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
                     help=f"Run on this Dask cluster (needs Dask: {install_hint('cluster')})."),
        click.option("-o", "--output", required=True,
                     type=click.Path(dir_okay=False, path_type=Path),
                     help="The JSON Lines file (appended to; a rerun resumes it)."),
    ]
    return click.command(name, context_settings=CONTEXT_SETTINGS)(
        cli_params.apply(run, decorated)
    )


@click.command("stats", context_settings=CONTEXT_SETTINGS)
@click.argument("path", type=click.Path(dir_okay=False, exists=True, path_type=Path))
@click.option("--plot", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Draw the difficulty and time histograms into this PNG (needs matplotlib: "
                   f"{install_hint('plot')}).")
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object instead of text (its keys: docs/json.md).")
def stats(path: Path, plot: Path | None, as_json: bool) -> int:
    """What a batch file holds: counts, sizes, difficulty, times, duplicates."""
    from ..batch import stats as batch_stats

    if plot is not None:  # before anything is printed: a missing extra is one line, exit 2
        batch_stats.require_plot()
        check_writable(plot)
    summary = batch_stats.summarise(path)
    if as_json:
        click.echo(json.dumps(batch_stats.to_json(summary)))
    else:
        for line in batch_stats.report(summary):
            click.echo(line)
    if plot is not None:
        batch_stats.plot(summary, plot)
        click.echo(f"plot written to {plot}", err=True)
    return EXIT_OK


class BatchGroup(ListingGroup):
    """``batch FAMILY`` for every family (built when named) and ``batch stats``."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*sorted(families.NAMES), "stats"]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name == "stats":
            return stats
        if cmd_name in families.NAMES:
            return _family_command(cmd_name)
        return None


@click.group("batch", cls=BatchGroup, context_settings=CONTEXT_SETTINGS)
def batch() -> None:
    """Generate many puzzles into a JSON Lines file, resumably, over every core or a Dask
    cluster; 'batch stats FILE' summarises one.

    Usage: numpuzzles batch FAMILY --count N [options] -o OUT.jsonl
    """
