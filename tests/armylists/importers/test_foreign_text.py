"""Lists other builders write as text, read as foreign rosters (games not hosted here): the
Warhammer app's text (English and French) and Army Forge's text, from our own small fixtures
written from the formats' public descriptions. Every unit found with its models and points;
bad text refused with its line; any cut of a fixture refused cleanly or read, never a crash."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forgebuilder.lists.documents import DocumentError
from forgebuilder.lists.importers.app_text import looks_like_app_text, read_app_text
from forgebuilder.lists.importers.armyforge_text import (
    looks_like_armyforge_text,
    read_armyforge_text,
)
from forgebuilder.lists.importers.battlescribe import RosterError
from forgebuilder.lists.importers.detect import read_import
from forgebuilder.lists.importers.result import MAX_IMPORT_BYTES

TEXTS = Path(__file__).parent / "fixtures" / "text"


def models(unit) -> int:
    inside = sum(s.number for s in unit.walk() if s.type == "model" and s is not unit)
    return inside or unit.number


def facts(roster) -> tuple:
    units = roster.units()
    return (
        [u.name for u in units],
        [sum(c.value for c in u.costs) for u in units],
        sum(models(u) for u in units),
        [(c.name, c.value) for c in roster.costs],
        [(c.name, c.value) for c in roster.cost_limits],
    )


def test_the_warhammer_app_text_reads_every_unit_model_and_point():
    text = (TEXTS / "app_en.txt").read_text(encoding="utf-8")
    assert looks_like_app_text(text) and not looks_like_armyforge_text(text)
    roster = read_app_text(text)

    assert roster.name == "Hammer of the Vale"
    assert roster.forces[0].catalogue_name == "Star Legions"
    assert facts(roster) == (
        ["Warden Captain", "Warden Chaplain", "Warden Squad", "Warden Squad", "Iron Carrier",
         "Hammer Battle Tank"],
        [85, 70, 160, 80, 75, 1525],
        1 + 1 + 10 + 5 + 1 + 1,
        [("pts", Decimal(1995))],
        [("pts", Decimal(2000))],
    )  # fmt: skip
    assert roster.cost_mismatches() == []
    captain, chaplain, squad, *_ = roster.units()
    assert captain.categories == ("Characters",)
    assert chaplain.notes == "Attached to Warden Squad"
    assert [s.name for s in chaplain.selections] == ["Crozius", "Bolt pistol"]
    assert [s.name for s in captain.selections] == [
        "Warlord", "Oath of Iron", "Storm shield", "Power sword"
    ]  # fmt: skip
    _sergeant, wardens = [s for s in squad.selections if s.type == "model"]
    assert (wardens.name, wardens.number) == ("Warden", 9)
    assert [(g.name, g.number) for g in wardens.selections] == [
        ("Bolt rifle", 9), ("Close combat weapon", 9)
    ]  # fmt: skip


def test_the_french_app_text_reads_the_same_way():
    roster = read_app_text((TEXTS / "app_fr.txt").read_text(encoding="utf-8"))

    assert facts(roster) == (
        ["Capitaine Gardien", "Escouade Gardienne", "Char Marteau"],
        [85, 160, 225],
        12,
        [("pts", Decimal(470))],
        [("pts", Decimal(1000))],
    )
    assert roster.units()[0].categories == ("Personnages",)
    assert "Serment de Fer" in [s.name for s in roster.units()[0].selections]


def test_army_forges_text_reads_units_with_their_quality_defense_weapons_and_rules():
    text = (TEXTS / "armyforge.txt").read_text(encoding="utf-8")
    assert looks_like_armyforge_text(text) and not looks_like_app_text(text)
    roster = read_armyforge_text(text)

    assert (roster.name, roster.game_system_name, roster.builder) == (
        "Sky Vanguard",
        "Grimdark Future",
        "Army Forge",
    )
    assert facts(roster) == (
        ["Vanguard Captain", "Assault Troopers", "Heavy Walker"],
        [140, 205, 654],
        7,
        [("pts", Decimal(999))],
        [],
    )
    assert roster.cost_mismatches() == []
    captain, troopers, walker = roster.units()
    assert dict(captain.profiles[0].characteristics) == {
        "Size": "1", "Quality": "3+", "Defense": "3+"
    }  # fmt: skip
    assert [r.name for r in walker.rules] == ["Fear", "Tough(9)", "Impact(3)"]
    assert troopers.notes == "Joined to Vanguard Captain"
    weapons = {w.name: (w.number, dict(w.profiles[0].characteristics)) for w in troopers.walk()
               if w.type == "upgrade"}  # fmt: skip
    assert weapons["Rifle"] == (5, {"Range": '24"', "Attacks": "1", "Special": "-"})
    assert weapons["Plasma Gun"] == (1, {"Range": '24"', "Attacks": "1", "Special": "AP(4)"})


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("app_en.txt", "A list from the Warhammer app (text) of an unnamed game: 'Hammer of the Vale'"),
        ("armyforge.txt", "A list from Army Forge of Grimdark Future: 'Sky Vanguard' with 1 force and 3 units"),
    ],
)  # fmt: skip
def test_the_import_page_names_what_it_read(db, name, words):
    with pytest.raises(DocumentError) as caught:
        read_import((TEXTS / name).read_text(encoding="utf-8"))
    assert words in str(caught.value)


def test_army_forges_total_that_its_units_do_not_add_up_to_is_named():
    text = (
        (TEXTS / "armyforge.txt").read_text(encoding="utf-8").replace("[GF 999pts]", "[GF 1000pts]")
    )
    assert read_armyforge_text(text).cost_mismatches() == [
        "the roster's total says 1000 pts but its selections add up to 999"
    ]


def reader_of(name: str):
    from forgebuilder.lists.importers.wtc_text import read_wtc_text

    return {"app": read_app_text, "armyforge": read_armyforge_text, "wtc": read_wtc_text}[
        name.split("_")[0].removesuffix(".txt")
    ]


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("app_en.txt", "Strike Force"),
        ("armyforge.txt", "Assault Troopers"),
        ("wtc.txt", "5x Warden"),
    ],
)
def test_a_stray_line_is_refused_with_its_number(name, line):
    lines = (TEXTS / name).read_text(encoding="utf-8").splitlines()
    at = next(n for n, x in enumerate(lines) if x.strip().startswith(line)) + 3
    broken = "\n".join([*lines[:at], "this is not part of any list", *lines[at:]])
    with pytest.raises(RosterError) as caught:
        reader_of(name)(broken)
    assert "this is not part of any list" in caught.value.message
    assert caught.value.place == f"line {at + 1}"


FIXTURES = sorted(TEXTS.glob("*.txt"))


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(which=st.sampled_from(FIXTURES), cut=st.floats(0, 1), extra=st.text(max_size=20))
def test_any_cut_of_a_text_is_read_or_refused_cleanly(db, which, cut, extra):
    text = which.read_text(encoding="utf-8")
    try:
        read_import(text[: int(len(text) * cut)] + extra)
    except DocumentError as exc:
        assert str(exc)  # says what is wrong


def units_repeated(name: str, copies: int, *, units_from: str = "\n") -> str:
    text = (TEXTS / name).read_text(encoding="utf-8")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("Exported"))
    at = text.index(units_from)
    return text[:at] + ("\n" + text[at:].strip() + "\n") * copies


@pytest.mark.parametrize(
    ("name", "units_from", "per_copy", "read"),
    [
        ("armyforge.txt", "\n", 3, read_armyforge_text),
        ("app_en.txt", "CHARACTERS", 6, read_app_text),
        ("wtc.txt", "\nChar1: 1x", 6, None),
    ],
)
def test_a_text_reads_up_to_400_units_and_at_the_size_limit_is_refused_at_the_401st(
    name, units_from, per_copy, read
):
    read = read or reader_of(name)
    """Linear and bounded: a text of more units than a list holds is refused at the line of
    the first unit too many, however long it goes on (up to the import's 1 MB)."""
    assert len(read(units_repeated(name, 400 // per_copy, units_from=units_from)).units()) > 390
    big = units_repeated(name, 10_000, units_from=units_from)
    big = big[: MAX_IMPORT_BYTES - 1000]
    with pytest.raises(RosterError) as caught:
        read(big)
    assert "more than 400 units" in caught.value.message
    line = int(caught.value.place.removeprefix("line "))
    assert big.splitlines()[line - 1].strip() and line < len(big.splitlines()) // 10


def test_army_forges_list_file_reads_units_with_costs_upgrades_weapons_and_who_joins_whom(db):
    import json

    from forgebuilder.lists.importers.armyforge_json import (
        looks_like_armyforge_json,
        read_armyforge_json,
    )

    data = json.loads((TEXTS / "armyforge.json").read_text(encoding="utf-8"))
    assert looks_like_armyforge_json(data)
    roster = read_armyforge_json(data)

    assert facts(roster) == (
        ["Vanguard Captain", "Assault Troopers", "Heavy Walker"],
        [140, 205, 654],  # the captain's 120 and its jetpack's 20
        7,
        [("pts", Decimal(999))],
        [("pts", Decimal(1000))],
    )
    assert roster.cost_mismatches() == []
    captain, troopers, _ = roster.units()
    assert captain.custom_name == "Ayla" and troopers.notes == "Joined to Ayla"
    assert [r.name for r in captain.rules] == ["Hero", "Tough(3)"]
    sword = next(s for s in captain.walk() if s.name == "Energy Sword")
    assert dict(sword.profiles[0].characteristics) == {"Attacks": "3", "Special": "AP(1), Rending"}
    with pytest.raises(DocumentError) as caught:
        read_import(json.dumps(data))
    assert "A list from Army Forge of Grimdark Future: 'Sky Vanguard'" in str(caught.value)
    data["list"]["units"][1]["size"] = "five"
    with pytest.raises(DocumentError) as caught:
        read_import(json.dumps(data))
    assert "list.units[1]" in str(caught.value) and "'five'" in str(caught.value)


def test_the_tournament_wtc_text_reads_every_unit_its_models_and_who_is_attached():
    from forgebuilder.lists.importers.wtc_text import looks_like_wtc_text, read_wtc_text

    text = (TEXTS / "wtc.txt").read_text(encoding="utf-8")
    assert looks_like_wtc_text(text) and not looks_like_app_text(text)
    roster = read_wtc_text(text)

    assert facts(roster) == (
        ["Warden Captain", "Warden Chaplain", "Warden Squad", "Warden Squad", "Iron Carrier",
         "Hammer Battle Tank"],
        [85, 70, 160, 80, 75, 1525],
        1 + 1 + 10 + 5 + 1 + 1,
        [("pts", Decimal(1995))],
        [],
    )  # fmt: skip
    assert roster.cost_mismatches() == []
    assert roster.forces[0].catalogue_name == "Star Legions - Iron Wardens"
    captain, _, squad, *_ = roster.units()
    assert captain.categories == ("Character",)
    assert "Oath of Iron" in [s.name for s in captain.selections]
    assert squad.notes == "Attached to Warden Captain"
    assert [(s.name, s.number, s.type) for s in squad.selections] == [
        ("Warden Sergeant", 1, "model"), ("Warden", 9, "model")
    ]  # fmt: skip
    tank = roster.units()[-1]
    assert [(s.name, s.number) for s in tank.selections] == [
        ("Twin cannon", 1),
        ("Sponson lascannon", 2),
    ]
