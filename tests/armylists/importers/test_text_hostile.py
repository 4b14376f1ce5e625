"""Hostile pastes cost no more than a normal paste of the same length (issue 23): the text
importer cuts lines at fixed separators instead of backtracking over every " · ", and refuses
texts, lines and digit runs past its caps with a message saying which.

Times are compared as a ratio to a real text export padded to the same length, measured in
the same run, never against a wall-clock bound."""

from __future__ import annotations

import contextlib
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from factions.catalog import catalog_by_slug
from forgebuilder.lists.documents import DocumentError
from forgebuilder.lists.importers.detect import read_import
from forgebuilder.lists.importers.text_lines import (
    MAX_LINE_CHARS,
    MAX_LINES,
    MAX_TEXT_CHARS,
)
from forgebuilder.lists.importers.text_units import MAX_UNMATCHED

from .test_text import STARTER_SLUGS, representative_list, text_of

#: A hostile paste may cost this many times a normal paste of its length (linear parsing
#: keeps it near 1; the old patterns took thousands of times as long).
MAX_RATIO = 8
SIZE = 30_000  # about 300 units, under the 400 a list may hold
FRAGMENTS = [" · ", "== ", " pts ==", " pts", "Legend: ", " (on ", ")", " (", " ×", ": ", ", "]
FRAGMENTS += ["1. ", "3× ", "12", "-", "a", "Units", " SP)", "× "]


@pytest.fixture
def export(starter_modules) -> str:
    slug = STARTER_SLUGS[0]
    catalog = catalog_by_slug(slug)
    return text_of(representative_list(catalog), catalog)


def parse_seconds(text: str) -> float:
    """The best of three parses (outcome or refusal, both count)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        with contextlib.suppress(DocumentError):
            read_import(text)
        best = min(best, time.perf_counter() - start)
    return best


def padded(export: str, size: int) -> str:
    """The export with its unit lines repeated until the text is `size` characters long."""
    lines = export.splitlines()
    units = [line for line in lines if line[:1].isdigit() and ". " in line]
    out, n = list(lines), 0
    while sum(len(line) + 1 for line in out) < size:
        out.append(units[n % len(units)])
        n += 1
    return "\n".join(out)


def hostile(export: str, line: str, size: int) -> str:
    """The export's first two lines (so that it reads as a text export), then `line`,
    cut to the line cap, as often as fits in `size`."""
    line = (line * (MAX_LINE_CHARS // max(len(line), 1) + 1))[: MAX_LINE_CHARS - 1]
    head = export.splitlines()[:2]
    return "\n".join([*head, *[line] * (size // (len(line) + 1))])


WORST_LINES = [
    "== " + "x · " * 600,  # a force line that never ends in "pts =="
    "Legend: " + "a (on " * 300 + " · " * 100,  # a legend with many holders and separators
    "1. " + " · " * 600,  # a unit line made of separators
    "1. Spearmen: " + "Spear, " * 280 + " · 5 pts",  # options that match nothing
    "1. Brave (Spearmen) ×" + "(Spearmen) " * 150 + " · 5 pts",  # custom names everywhere
]


@pytest.mark.parametrize("line", WORST_LINES)
def test_known_worst_lines_parse_in_linear_time(export, line):
    normal = parse_seconds(padded(export, SIZE))
    assert parse_seconds(hostile(export, line, SIZE)) < MAX_RATIO * normal + 0.01


@settings(
    max_examples=25,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=12).map("".join))
def test_any_line_of_separators_parses_in_linear_time(export, fragment):
    normal = parse_seconds(padded(export, SIZE))
    assert parse_seconds(hostile(export, "1. " + fragment, SIZE)) < MAX_RATIO * normal + 0.01
    assert parse_seconds(hostile(export, "== " + fragment, SIZE)) < MAX_RATIO * normal + 0.01


def test_a_line_over_the_cap_is_refused_with_its_number(export):
    text = export + "1. " + "x" * MAX_LINE_CHARS + " · 5 pts\n"
    with pytest.raises(DocumentError) as refused:
        read_import(text)
    place, message = refused.value.problems[0][:2]
    assert place == f"line {len(export.splitlines()) + 1}"
    assert f"longer than {MAX_LINE_CHARS:,} characters" in message


def test_a_text_over_the_caps_is_refused(export):
    with pytest.raises(DocumentError, match=f"longer than {MAX_TEXT_CHARS:,} characters"):
        read_import(padded(export, MAX_TEXT_CHARS + 1000))
    many = export + "\n" * MAX_LINES + "x\n"
    with pytest.raises(DocumentError, match=f"more than {MAX_LINES:,} lines"):
        read_import(many)


def test_a_normal_long_list_is_read(export):
    outcome = read_import(padded(export, SIZE))
    assert len(outcome.document.units) > 200


def test_more_units_than_a_list_holds_is_a_clear_refusal(export):
    with pytest.raises(DocumentError) as refused:
        read_import(padded(export, 3 * SIZE))
    place, message = refused.value.problems[0][:2]
    assert place == "units"
    assert "at most 400 items" in message


def test_endless_unmatched_parts_are_refused_not_listed(export):
    lines = [f"{n}. Flying Teapot · 5 pts" for n in range(1, MAX_UNMATCHED + 2)]
    with pytest.raises(DocumentError, match=f"more than {MAX_UNMATCHED} parts match nothing"):
        read_import(export + "\n".join(lines))


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda t: t.replace(" pts]", "9" * 5000 + " pts]", 1), "a 5,000-digit limit"),
        (lambda t: t.replace("\n1. ", "\n" + "9" * 5000 + ". ", 1), "a 5,000-digit unit number"),
        (lambda t: t.replace(" ×", " ×" + "9" * 5000, 1), "a 5,000-digit model count"),
    ],
)
def test_long_digit_runs_never_become_huge_numbers(export, change, why):
    text = change(export)
    assert text != export, why
    try:
        outcome = read_import(text)
    except DocumentError:
        return
    assert all(sum(unit.models.values()) < 10_000 for unit in outcome.document.units), why
