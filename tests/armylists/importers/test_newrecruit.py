"""New Recruit's JSON export of a roster: the BattleScribe tree written as JSON, read into the
same foreign roster as the .ros of the same roster (every real roster of the shared folder,
written as New Recruit writes JSON), and refused with the place named when it is bad."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from defusedxml.ElementTree import fromstring

from forgebuilder.lists.documents import DocumentError
from forgebuilder.lists.importers.battlescribe import RosterError, read_roster
from forgebuilder.lists.importers.detect import read_import
from forgebuilder.lists.importers.newrecruit import looks_like_roster, read_json_roster

from .test_battlescribe import EVERY_ROSTER, NS, roster_xml


def as_new_recruit_json(element) -> dict:
    """An XML element as New Recruit writes it in JSON: attributes as values (numbers as JSON
    numbers), collections as arrays, a characteristic's text under "$text", a description or
    notes as a plain string."""
    out: dict = {}
    for key, value in element.attrib.items():
        out[key] = _number(value) if key in ("value", "number") else value
    if element.text and element.text.strip() and len(element) == 0:
        out["$text"] = element.text
    for child in element:
        tag = child.tag.removeprefix(NS)
        if tag in ("description", "customNotes", "comment"):
            out[tag] = child.text or ""
        elif len(child) or not child.attrib:  # a collection
            out[tag] = [as_new_recruit_json(item) for item in child]
        else:
            out[tag] = as_new_recruit_json(child)
    return out


def _number(text: str):
    number = Decimal(text)
    return int(number) if number == number.to_integral_value() else float(text)


@pytest.mark.parametrize("path", EVERY_ROSTER)
def test_every_real_roster_reads_the_same_from_new_recruits_json(path):
    data = {"roster": as_new_recruit_json(fromstring(roster_xml(path)))}
    assert looks_like_roster(data)

    assert read_json_roster(json.loads(json.dumps(data))) == read_roster(path.read_bytes())


SMALL = {
    "roster": {
        "id": "abc",
        "name": "Odd Patrol",
        "battleScribeVersion": "2.03",
        "generatedBy": "https://newrecruit.eu",
        "gameSystemId": "sys-1",
        "gameSystemName": "Skirmish Game",
        "xmlns": "http://www.battlescribe.net/schema/rosterSchema",
        "costs": [{"name": "pts", "typeId": "points", "value": 999}],
        "costLimits": [{"name": "pts", "typeId": "points", "value": 1000}],
        "forces": [
            {
                "id": "f1",
                "name": "Patrol",
                "catalogueName": "Raiders",
                "selections": [
                    {
                        "id": "s1",
                        "name": "Raider Boss",
                        "type": "model",
                        "number": 1,
                        "customName": "Big Ned",
                        "customNotes": "Paints slowly.",
                        "costs": [{"name": "pts", "typeId": "points", "value": 999}],
                        "categories": [{"name": "HERO", "primary": True}],
                        "profiles": [
                            {
                                "name": "Raider Boss",
                                "typeName": "Unit",
                                "characteristics": [
                                    {"name": "M", "typeId": "m", "$text": '6"'},
                                    {"name": "W", "typeId": "w", "$text": "5"},
                                ],
                            }
                        ],
                        "rules": [{"name": "Loud", "description": "Shouts a lot."}],
                    }
                ],
            }
        ],
    }
}


def test_new_recruits_json_keeps_names_costs_limits_profiles_rules_and_notes():
    roster = read_json_roster(SMALL)

    assert (roster.name, roster.game_system_name, roster.builder) == (
        "Odd Patrol",
        "Skirmish Game",
        "New Recruit",
    )
    assert [(c.name, c.value) for c in roster.costs] == [("pts", Decimal(999))]
    assert [(c.name, c.value) for c in roster.cost_limits] == [("pts", Decimal(1000))]
    [boss] = roster.units()
    assert (boss.custom_name, boss.notes, boss.categories) == (
        "Big Ned",
        "Paints slowly.",
        ("HERO",),
    )
    assert dict(boss.profiles[0].characteristics) == {"M": '6"', "W": "5"}
    assert boss.rules[0].text == "Shouts a lot."


def test_the_import_page_names_a_new_recruit_json_roster(db):
    with pytest.raises(DocumentError) as caught:
        read_import(json.dumps(SMALL))
    assert "Odd Patrol" in str(caught.value) and "Skirmish Game" in str(caught.value)


@pytest.mark.parametrize(
    ("change", "place", "words"),
    [
        (
            lambda r: r["forces"][0].update(selections=["Raider Boss"]),
            "roster.forces[0].selections[0]",
            "each is an object",
        ),
        (lambda r: r["forces"][0]["selections"][0].update(number=[1]), "", "array"),
        (lambda r: r["forces"][0]["selections"][0].update(number="many"), "", "not a whole number"),
        (lambda r: r.update(costs=[{"name": "pts", "value": "lots"}]), "roster", "not a number"),
        (lambda r: r.update(battleScribeVersion="1.15"), "roster", "schema version 1.15"),
    ],
)
def test_a_bad_new_recruit_json_is_refused_saying_where(change, place, words):
    data = json.loads(json.dumps(SMALL))
    change(data["roster"])
    with pytest.raises(RosterError) as caught:
        read_json_roster(data)
    assert words in caught.value.message
    assert place in caught.value.place


def test_a_json_roster_nested_beyond_any_roster_is_refused_not_a_crash():
    deep: dict = {"name": "x", "type": "upgrade"}
    for _ in range(400):
        deep = {"name": "x", "type": "upgrade", "selections": [deep]}
    data = json.loads(json.dumps(SMALL))
    data["roster"]["forces"][0]["selections"] = [deep]
    with pytest.raises(RosterError) as caught:
        read_json_roster(data)
    assert "deep" in caught.value.message
