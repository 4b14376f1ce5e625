"""The real BattleScribe and New Recruit rosters of the shared folder, each read once per
process, and their own counts taken from the XML by hand (not by the code under test)."""

from __future__ import annotations

import io
import zipfile
from decimal import Decimal
from functools import cache

import pytest
from defusedxml.ElementTree import fromstring

from forgebuilder.lists.importers.battlescribe import NAMESPACE, read_roster
from tests.armylists.exports.conftest import render_calls, run_renders  # noqa: F401
from tests.conftest import SHARED

ROSTER_DIR = SHARED / "interop" / "battlescribe"
ROSTER_FILES = sorted(p for p in ROSTER_DIR.glob("*/*") if p.suffix in (".ros", ".rosz"))
NS = "{" + NAMESPACE + "}"
NO_ROSTERS = pytest.mark.skip(reason=f"no BattleScribe rosters in {ROSTER_DIR}")


def every_roster():
    """One param per real roster, named by its folder and file (one skip where none is found)."""
    return [
        pytest.param(str(path.relative_to(ROSTER_DIR)), id=str(path.relative_to(ROSTER_DIR)))
        for path in ROSTER_FILES
    ] or [pytest.param(None, marks=NO_ROSTERS)]


def roster_bytes(relative: str) -> bytes:
    return (ROSTER_DIR / relative).read_bytes()


@cache
def read(relative: str):
    return read_roster(roster_bytes(relative))


def _xml(relative: str):
    data = roster_bytes(relative)
    if data.startswith(b"PK"):
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            data = archive.read(archive.namelist()[0])
    return fromstring(data)


def _units(element):
    """Selections of type unit or model with no unit or model above them."""
    for child in element.iterfind(f"{NS}selections/{NS}selection"):
        if child.get("type") in ("unit", "model"):
            yield child
        else:
            yield from _units(child)


def _models(unit) -> int:
    if unit.get("type") == "model":
        return int(unit.get("number"))
    inside = sum(
        int(s.get("number"))
        for s in unit.iter(NS + "selection")
        if s is not unit and s.get("type") == "model"
    )
    return inside or int(unit.get("number"))


@cache
def own_counts(relative: str) -> tuple[list[str], int, Decimal]:
    """The roster's units' names, its models and its recorded points total, read from its XML."""
    root = _xml(relative)
    units = [u for force in root.iter(NS + "force") for u in _units(force)]
    costs = {
        c.get("name").strip().lower(): Decimal(c.get("value"))
        for c in root.iterfind(f"{NS}costs/{NS}cost")
    }
    points = costs.get("pts", costs.get("points"))
    names = [(u.get("customName") or u.get("name")).strip() for u in units]
    return names, sum(_models(u) for u in units), points
