"""The batch engine: derived seeds, the same set whatever the workers, resume after a torn
line or an interruption, the distinct filter, and files of another batch refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import validate_record
from numpuzzles.batch.loops import Progress, _Sizer, run_batch
from numpuzzles.batch.resumable import OutputFile
from numpuzzles.batch.runner import Runner, local_runner
from numpuzzles.batch.tasks import Made, Spec, index_seed, make_chunk, spec
from numpuzzles.core.errors import InvalidParameterError, OutputFileError
from numpuzzles.core.seeds import MAX_SEED
from numpuzzles.families import family


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _without_time(path: Path) -> set[str]:
    """The lines less their generation time (the one field that differs between runs)."""
    out = set()
    for record in _records(path):
        record.pop("seconds")
        out.add(json.dumps(record, sort_keys=True))
    return out


def _run(path: Path, name: str, params: dict[str, Any], count: int, workers: int = 1,
         distinct: bool = False, seed: int = 7, **kw: Any) -> Progress:
    job = spec(family(name), params, seed, count, distinct=distinct)
    return run_batch(job, path, local_runner(workers), **kw)


@given(st.integers(0, MAX_SEED), st.integers(0, 10**9))
def test_index_seeds_are_in_range_and_stable(base: int, index: int) -> None:
    seed = index_seed(base, index)
    assert 0 <= seed <= MAX_SEED
    assert seed == index_seed(base, index)


def test_index_seeds_differ() -> None:
    seeds = {index_seed(3, i) for i in range(10_000)}
    assert len(seeds) == 10_000
    assert index_seed(3, 0) != index_seed(4, 0)


def test_same_set_with_one_or_two_workers_and_every_record_checks(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    state = _run(one, "numberlink", {"size": "5x5"}, 24, workers=1)
    assert (state.done, state.made, state.resumed) == (24, 24, 0)
    _run(two, "numberlink", {"size": "5x5"}, 24, workers=2)
    assert _without_time(one) == _without_time(two)
    fam = family("numberlink")
    records = _records(two)
    assert len(records) == 24
    assert len({r["seed"] for r in records}) == 24
    for record in records:
        validate_record(record)
        (puzzle,) = fam.parse(json.dumps(record["puzzle"]), "json")
        solution = fam.parse_solution(json.dumps(record["solution"]), puzzle)
        assert fam.check(puzzle, solution) == []
        assert fam.regenerate(record["id"]).puzzle == puzzle
    expected = {index_seed(7, i) for i in range(24)}
    assert {r["seed"] for r in records} == expected


def test_resume_after_a_torn_last_line(tmp_path: Path) -> None:
    full, cut = tmp_path / "full.jsonl", tmp_path / "cut.jsonl"
    _run(full, "fubuki", {"size": 4}, 10)
    text = full.read_text()
    lines = text.splitlines(keepends=True)
    cut.write_text("".join(lines[:4]) + lines[4][: len(lines[4]) // 2])
    state = _run(cut, "fubuki", {"size": 4}, 10, workers=2)
    assert (state.resumed, state.made) == (4, 6)
    assert _without_time(cut) == _without_time(full)
    assert all(line.endswith("\n") for line in cut.read_text().splitlines(keepends=True))
    assert len(cut.read_text().splitlines()) == 10


def test_resume_after_an_interrupted_run(tmp_path: Path) -> None:
    full, part = tmp_path / "full.jsonl", tmp_path / "part.jsonl"
    _run(full, "fubuki", {"size": 3}, 30)

    def interrupt(state: Progress) -> None:
        if state.done == 12:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        _run(part, "fubuki", {"size": 3}, 30, workers=2, progress=interrupt)
    assert len(part.read_text().splitlines()) == 12
    again = _run(part, "fubuki", {"size": 3}, 30, workers=2)
    assert (again.resumed, again.made) == (12, 18)
    assert _without_time(part) == _without_time(full)
    # a finished batch run again makes nothing and changes nothing
    before = part.read_bytes()
    assert _run(part, "fubuki", {"size": 3}, 30).made == 0
    assert part.read_bytes() == before


def test_distinct_drops_repeats_deterministically_and_resumes(tmp_path: Path) -> None:
    fam = family("numberlink")
    one, two, cut = (tmp_path / n for n in ("one.jsonl", "two.jsonl", "cut.jsonl"))
    state = _run(one, "numberlink", {"size": "4x4"}, 20, workers=1, distinct=True)
    assert state.dropped > 0  # 4x4 boards repeat now and then: the filter is exercised
    _run(two, "numberlink", {"size": "4x4"}, 20, workers=2, distinct=True)
    # distinct batches are written in index order: the very same lines
    assert [r["id"] for r in _records(one)] == [r["id"] for r in _records(two)]
    keys = [fam.distinct_key(fam.parse(json.dumps(r["puzzle"]), "json")[0])
            for r in _records(one)]
    assert len(keys) == len(set(keys)) == 20
    lines = one.read_text().splitlines(keepends=True)
    cut.write_text("".join(lines[:5]) + lines[5][:30])
    _run(cut, "numberlink", {"size": "4x4"}, 20, workers=2, distinct=True)
    assert cut.read_text().splitlines() != []
    assert [r["id"] for r in _records(cut)] == [r["id"] for r in _records(one)]


def test_a_file_of_another_batch_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    _run(path, "fubuki", {"size": 3}, 3)
    before = path.read_bytes()
    with pytest.raises(InvalidParameterError, match="other params"):
        _run(path, "fubuki", {"size": 4}, 3)
    with pytest.raises(InvalidParameterError, match="not a numberlink record"):
        _run(path, "numberlink", {"size": "5x5"}, 3)
    with pytest.raises(InvalidParameterError, match="would not make"):
        _run(path, "fubuki", {"size": 3}, 3, seed=8)
    with pytest.raises(InvalidParameterError, match="more than --count"):
        _run(path, "fubuki", {"size": 3}, 2)
    assert path.read_bytes() == before
    junk = tmp_path / "junk.jsonl"
    junk.write_text("hello\n")
    with pytest.raises(InvalidParameterError, match="not a JSON line"):
        _run(junk, "fubuki", {"size": 3}, 3)
    assert junk.read_text() == "hello\n"


def test_a_second_writer_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    first = OutputFile(path)
    try:
        with pytest.raises(OutputFileError, match="another batch"):
            OutputFile(path)
    finally:
        first.close()


def test_bad_counts_seeds_and_workers_are_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidParameterError):
        spec(family("fubuki"), {}, 0, 0)
    with pytest.raises(InvalidParameterError):
        spec(family("fubuki"), {}, -1, 3)
    with pytest.raises(InvalidParameterError):
        spec(family("fubuki"), {"size": 99}, 0, 3)
    job = spec(family("fubuki"), {}, 0, 3)
    with pytest.raises(InvalidParameterError):
        local_runner(0)(job)
    with pytest.raises(OutputFileError):
        run_batch(job, tmp_path / "missing" / "out.jsonl", local_runner(1))


def test_stop_leaves_whole_lines_and_the_rerun_completes(tmp_path: Path) -> None:
    full, part = tmp_path / "full.jsonl", tmp_path / "part.jsonl"
    _run(full, "fubuki", {"size": 3}, 40)
    seen: list[int] = []
    state = _run(part, "fubuki", {"size": 3}, 40, workers=2,
                 progress=lambda s: seen.append(s.done), stop=lambda: bool(seen) and seen[-1] >= 10)
    assert state.interrupted
    assert 10 <= state.done < 40
    assert len(part.read_text().splitlines()) == state.done
    again = _run(part, "fubuki", {"size": 3}, 40, workers=2)
    assert not again.interrupted and again.resumed == state.done
    assert _without_time(part) == _without_time(full)


class _Recording:
    """A runner factory that notes every index handed to a task."""

    def __init__(self, workers: int = 1) -> None:
        self.indexes: list[int] = []
        self._inner = local_runner(workers)

    def __call__(self, job: Spec) -> Runner:
        runner = self._inner(job)
        submit = runner.submit

        def noting(jobs: list[tuple[int, int]]) -> None:
            self.indexes.extend(index for index, _ in jobs)
            submit(jobs)

        runner.submit = noting  # type: ignore[method-assign]
        return runner


def _index_of(seed: int, base: int = 7) -> int:
    return next(i for i in range(100_000) if index_seed(base, i) == seed)


def test_a_resumed_distinct_batch_skips_the_dropped_indexes(tmp_path: Path) -> None:
    full, part = tmp_path / "full.jsonl", tmp_path / "part.jsonl"
    params = {"size": "4x4"}
    _run(full, "numberlink", params, 20, distinct=True)
    kept_ids = [r["id"] for r in _records(full)]
    sidecar_text = (tmp_path / "full.jsonl.dropped").read_text()
    full_dropped = [json.loads(x) for x in sidecar_text.splitlines()]
    kept_indexes = {_index_of(r["seed"]) for r in _records(full)}
    dropped_indexes = {entry["dropped"] for entry in full_dropped}
    assert dropped_indexes and not dropped_indexes & kept_indexes
    # kept and dropped together are exactly the indexes up to the last kept one
    assert kept_indexes | dropped_indexes == set(range(max(kept_indexes) + 1))
    for entry in full_dropped:
        assert entry["seed"] == index_seed(7, entry["dropped"])
        assert (entry["family"], entry["batch_seed"]) == ("numberlink", 7)
        assert entry["params"] == _records(full)[0]["params"]

    # stop once some duplicates are dropped, then resume: nothing decided is made again
    seen: list[Progress] = []
    first = _run(part, "numberlink", params, 20, distinct=True,
                 progress=seen.append, stop=lambda: bool(seen) and seen[-1].dropped >= 2)
    assert first.interrupted and first.dropped >= 2
    sidecar = tmp_path / "part.jsonl.dropped"
    before = {json.loads(x)["dropped"] for x in sidecar.read_text().splitlines()}
    held = {_index_of(r["seed"]) for r in _records(part)}
    assert len(before) >= 2
    recording = _Recording()
    job = spec(family("numberlink"), params, 7, 20, distinct=True)
    again = run_batch(job, part, recording)
    assert again.dropped_before == len(before)
    assert not set(recording.indexes) & (before | held)
    assert [r["id"] for r in _records(part)] == kept_ids
    assert {json.loads(x)["dropped"] for x in sidecar.read_text().splitlines()} == dropped_indexes


def test_the_dropped_sidecar_torn_stale_or_foreign(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    sidecar = tmp_path / "out.jsonl.dropped"
    _run(out, "numberlink", {"size": "4x4"}, 20, distinct=True)
    reference = out.read_text()
    entries = sidecar.read_text().splitlines(keepends=True)
    lines = reference.splitlines(keepends=True)
    # a torn sidecar line is cut; the lost entry is simply decided again
    out.write_text("".join(lines[:10]))
    sidecar.write_text("".join(entries[:1]) + entries[1][:15])
    _run(out, "numberlink", {"size": "4x4"}, 20, distinct=True)
    assert _without_time(out) == _without_time_text(reference)
    assert all(x.endswith("\n") for x in sidecar.read_text().splitlines(keepends=True))
    # OUT removed: its sidecar is stale and is emptied, not believed
    out.unlink()
    sidecar.write_text(json.dumps({"family": "numberlink", "params": {"size": "4x4"},
                                   "batch_seed": 7, "dropped": 0,
                                   "seed": index_seed(7, 0)}) + "\n")
    _run(out, "numberlink", {"size": "4x4"}, 20, distinct=True)
    assert _without_time(out) == _without_time_text(reference)
    # a sidecar of another batch is refused, and nothing is written
    out.write_text("".join(lines[:10]))
    sidecar.write_text(entries[0].replace('"batch_seed": 7', '"batch_seed": 8'))
    with pytest.raises(InvalidParameterError, match="not a dropped index of this batch"):
        _run(out, "numberlink", {"size": "4x4"}, 20, distinct=True)
    assert out.read_text() == "".join(lines[:10])


def _without_time_text(text: str) -> set[str]:
    out = set()
    for line in text.splitlines():
        record = json.loads(line)
        record.pop("seconds")
        out.add(json.dumps(record, sort_keys=True))
    return out


class _FakeRunner:
    workers = 2
    slots = 8
    chunk = 64
    task_seconds = 0.5


def test_task_sizes_shrink_with_the_work_left() -> None:
    sizer = _Sizer(_FakeRunner(), 300)  # type: ignore[arg-type]
    assert sizer.size() == 1  # nothing measured yet
    sizer.took(1)
    sizer.observe([Made(0, 0, "", None, 0.01)])  # 10 ms a puzzle: 50 make 0.5 s
    left, sizes = 299, []
    while left:
        size = min(sizer.size(), left)
        assert size <= max(1, -(-left // 4))  # at most the work left over twice the workers
        assert size <= 50  # about task_seconds of work
        sizes.append(size)
        sizer.took(size)
        left -= size
    assert sizes[0] == 50 and sizes[-1] == 1
    assert sizes == sorted(sizes, reverse=True)
    slow = _Sizer(_FakeRunner(), 300)  # type: ignore[arg-type]
    slow.took(1)
    slow.observe([Made(0, 0, "", None, 2.0)])  # slower than a task: one a task
    assert slow.size() == 1


def test_tasks_are_sized_by_the_workers_cpu_time_not_the_wall_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A worker held up (here: asleep; in practice, a busy machine) must not make its
    puzzles look dear, or tasks shrink to a puzzle each when the machine is busiest."""
    import dataclasses
    import time

    fubuki = family("fubuki")
    real = fubuki.generate
    held_up = 0.2

    def slow_generate(params: Any, seed: int) -> Any:
        started = time.perf_counter()
        item = real(params, seed)
        time.sleep(held_up)  # the record's wall-clock seconds include the hold-up
        return dataclasses.replace(item, seconds=time.perf_counter() - started)

    monkeypatch.setattr(fubuki, "generate", slow_generate)
    started = time.perf_counter()
    made = make_chunk("fubuki", {"size": 3}, [(0, 5), (1, 6)], False)
    assert time.perf_counter() - started >= 2 * held_up
    assert [m.index for m in made] == [0, 1]
    assert all(json.loads(m.line)["seconds"] >= held_up for m in made)
    assert all(0 <= m.cpu_seconds < held_up for m in made)
    sizer = _Sizer(_FakeRunner(), 300)  # type: ignore[arg-type]
    sizer.took(2)
    sizer.observe(made)
    assert sizer.size() > 1  # a wall-clock measure would say 0.2 s a puzzle: one a task
