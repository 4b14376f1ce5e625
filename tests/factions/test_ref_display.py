"""How a reference to a rule or weapon reads: its value once, whatever the name spells."""

from __future__ import annotations

import pytest

from factions.gamedata.battleforge.refs import readable_id
from factions.gamedata.refs import Ref


@pytest.mark.parametrize(
    ("ref", "name", "shown"),
    [
        ({"id": "tough", "x": 3}, "Tough", "Tough(3)"),  # a value after the name
        ({"id": "leader"}, "Leader(Infantry)", "Leader(Infantry)"),  # the name's own, kept
        # a value replaces the one the name spells: read once, never "(Infantry)(Cavalry)"
        ({"id": "leader", "x": "Infantry, Cavalry"}, "Leader(Infantry)", "Leader(Infantry, Cavalry)"),
        ({"id": "table", "x": 2}, "Damage Table(X)", "Damage Table(2)"),
        # copies come first, never read as a rule's value: "Heavy Great Weapon (4)" did
        ({"id": "rifle", "count": 2}, "Rifle", "2 x Rifle"),
        ({"id": "hgw", "count": 4}, "Heavy Great Weapon", "4 x Heavy Great Weapon"),
        ({"id": "blaster", "x": 3, "count": 7}, "Blaster", "7 x Blaster(3)"),
        ({"id": "rifle", "count": 1}, "Rifle", "Rifle"),
        ({"id": "rifle", "name": "Twin rifles", "mount": ["Front"]}, "Rifle", "Twin rifles (Rifle) [Front]"),
    ],
)  # fmt: skip
def test_a_reference_reads_its_value_once(ref, name, shown):
    assert Ref.model_validate(ref).display(name) == shown


@pytest.mark.parametrize(
    ("raw", "readable"),
    [("damage_chart", "Damage Chart"), ("ensnare", "Ensnare"), ("sell_sword", "Sell Sword")],
)
def test_an_id_the_data_never_names_reads_as_words(raw, readable):
    assert readable_id(raw) == readable
