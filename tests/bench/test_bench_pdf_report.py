"""The PDF benchmark's report: every figure against the baseline, and cases left out of a run."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))
import bench_pdf  # noqa: E402  (the benchmarks are scripts, not a package)


def case(name: str, walls: list[float], **target) -> bench_pdf.Case:
    measured = bench_pdf.Case(name, draw=lambda: b"", **target)
    measured.walls, measured.cpus = list(walls), list(walls)
    return measured


@pytest.fixture
def baseline() -> bench_pdf.Case:
    return case("baseline", [0.05, 0.05])


def test_cases_not_run_are_listed_without_a_verdict(baseline, capsys):
    # --big-runs 0: the 400-unit cases have no figures at all
    timed = [
        case("30 units roster", [0.4, 0.45], target_s=0.5, times_baseline=12),
        case("400 different roster", [], target_s=3.0, big=True),
    ]

    assert bench_pdf.report(baseline, timed, strict=True) == 0

    out = capsys.readouterr().out
    assert "400 different roster" in out and "not run" in out
    assert "Missed" not in out


@pytest.mark.parametrize(
    ("walls", "strict", "code"),
    [
        ([0.7, 0.8], True, 1),  # over 0.5 s: missed, and --strict says so in the exit code
        ([0.7, 0.8], False, 0),  # missed, but only reported
        ([0.3, 0.35], True, 0),  # under 0.5 s and under 12 times the baseline
    ],
)
def test_a_missed_target_is_named_and_fails_a_strict_run(baseline, capsys, walls, strict, code):
    timed = [case("30 units roster", walls, target_s=0.5, times_baseline=12)]

    assert bench_pdf.report(baseline, timed, strict=strict) == code

    missed = "Missed: 30 units roster" in capsys.readouterr().out
    assert missed == (walls[0] > 0.5)
