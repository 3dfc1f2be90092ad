"""The organisers' ADC problems and answers (tests/data/numberlink/adc/): both formats of a
problem read to one board, and each published answer passes the independent checker,
through the command line as a user would chain them."""

from __future__ import annotations

from pathlib import Path

import pytest

from numpuzzles.cli.main import main
from numpuzzles.numberlink import formats

DATA = Path(__file__).resolve().parents[1] / "data" / "numberlink" / "adc"

PROBLEMS = {  # the 2016 form, the 2015 form and the organisers' answer (A04's is tested apart)
    "Q04": ("Q04.2016.txt", "Q04.txt", None),
    "Q05": ("Q05.2016.txt", "Q05.txt", "A05.2016.txt"),
    "Q06": ("Q06.2016.txt", "Q06.txt", "A06.2016.txt"),
    "Q07": ("Q07.2016.txt", "Q07.txt", "A07.2016.txt"),
    "Q08": ("Q08.2016.txt", "Q08.txt", "A08.2016.txt"),
    "Q09": ("Q09.2016.txt", "Q09.txt", "A09.2016.txt"),
    "Q10": ("Q10.2016.txt", "Q10.txt", "A10.2016.txt"),
    "Q11": ("Q11.2016.txt", "Q11.txt", "A11.2016.txt"),
    "Q12": ("Q12.2016.txt", "Q12.txt", "A12.2016.txt"),
    "Q13": ("Q13.2016.txt", "Q13.txt", "A13.2016.txt"),
    "Q14": ("Q14.2016.txt", "Q14.txt", "A14.2016.txt"),
    "Q15": ("Q15.2016.txt", "Q15.txt", "A15.2016.txt"),
    "Q16": ("Q16.2016.txt", "Q16.txt", "A16.2016.txt"),
    "Q17": ("Q17.2016.txt", "Q17.txt", "A17.2016.txt"),
    "Q18": ("Q18.2016.txt", "Q18.txt", "A18.2016.txt"),
    "Q19": ("Q19.2016.txt", "Q19.txt", "A19.2016.txt"),
    "Q20": ("Q20.2016.txt", "Q20.txt", "A20.2016.txt"),
}
LAYERED = ("Q_15x10x3_adc.txt", "support-Q_15x10x3_adc_sol.txt")
WITH_VIAS = (  # the 2016 format examples and their answers (test_numberlink_vias.py)
    "sample-NL_Q02.txt", "sample-T99_A02.txt", "sample-NL_Q03.txt", "sample-T99_A03.txt",
    "sample-01-NL_Q01.txt", "sample-01-T99_A01.txt",
)


def test_the_corpus_is_all_there() -> None:
    named = {name for names in PROBLEMS.values() for name in names if name} | set(LAYERED)
    named |= set(WITH_VIAS)
    named.add("A04.2016.txt")
    assert sorted(p.name for p in DATA.glob("*.txt")) == sorted(named)


@pytest.mark.parametrize("key", sorted(PROBLEMS))
def test_both_formats_read_to_one_board(key: str) -> None:
    new, old, _ = PROBLEMS[key]
    (board,) = formats.parse((DATA / new).read_text())
    assert formats.parse((DATA / old).read_text()) == [board]
    assert formats.parse(formats.dump(board, "adc")) == [board]


@pytest.mark.parametrize("key", sorted(k for k, v in PROBLEMS.items() if v[2]))
def test_the_organisers_answer_checks_against_both_forms(
    key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    new, old, answer = PROBLEMS[key]
    assert answer is not None
    for problem in (new, old):
        assert main(["numberlink", "check", str(DATA / problem), str(DATA / answer),
                     "--rules", "blank"]) == 0, problem
        assert "valid" in capsys.readouterr().out


def test_a_published_answer_with_a_path_cut_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The check can fail: A05's answer with one cell of a path (not an end) emptied is
    no solution at all (a grid whose cells hold no path: one line, exit 2, as every
    format's answers)."""
    (board,) = formats.parse((DATA / "Q05.2016.txt").read_text())
    rows = (DATA / "A05.2016.txt").read_text().splitlines()
    first = next(i for i, row in enumerate(rows) if row.startswith("LAYER")) + 1
    cut = next((r, c) for r in range(board.height) for c in range(board.width)
               if rows[first + r].split(",")[c] not in ("00", "0")
               and not board.cells[r * board.width + c])
    cells = rows[first + cut[0]].split(",")
    cells[cut[1]] = "00"
    rows[first + cut[0]] = ",".join(cells)
    broken = tmp_path / "A05.txt"
    broken.write_text("\n".join(rows) + "\n")
    assert main(["numberlink", "check", str(DATA / "Q05.2016.txt"), str(broken),
                 "--rules", "blank"]) == 2
    assert "do not form one path" in capsys.readouterr().err


def test_the_layered_problem_solves_and_its_answer_checks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    problem, answer = (str(DATA / name) for name in LAYERED)
    assert main(["numberlink", "check", problem, answer, "--rules", "blank"]) == 0
    out = tmp_path / "mine.txt"
    assert main(["numberlink", "solve", problem, "--rules", "blank", "--to", "adc",
                 "-o", str(out)]) == 0
    assert out.read_text().startswith("SIZE 15X10X3\n")
    assert main(["numberlink", "check", problem, str(out), "--rules", "blank"]) == 0
    capsys.readouterr()
