"""Another builder's list naming a game hosted here becomes a list of it, mapped by names
(game, faction, datasheet, model, option), with what matched nothing and what is priced
otherwise named by unit; a roster of a game not hosted here is never mapped (every real roster
of the shared folder)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse

from factions.catalog import catalog_by_slug
from forgebuilder.lists.importers.battlescribe import read_roster
from forgebuilder.lists.importers.detect import read_import
from forgebuilder.lists.importers.foreign_map import hosted_game, norm
from forgebuilder.lists.models import ArmyList

from .test_battlescribe import EVERY_ROSTER

TEXTS = Path(__file__).parent / "fixtures" / "text"


def test_names_compare_without_case_punctuation_or_spacing():
    assert norm("  Pike-and-Shot ") == norm("pike and shot") == "pike and shot"
    assert norm("The Gilt Ledger Company") != norm("Gilt Ledger")


def test_the_app_text_of_a_hosted_game_becomes_its_list_with_the_rest_named(starter_modules):
    outcome = read_import((TEXTS / "app_hosted.txt").read_text(encoding="utf-8"))
    document = outcome.document

    assert (outcome.format_name, document.module, document.faction) == (
        "Warhammer app text",
        "ember-reach",
        "gilt_ledger",
    )
    assert (document.name, document.points_limit) == ("Paid in Full", 150)
    assert [(u.datasheet, u.models, [(o.option, o.choice) for o in u.options]) for u in document.units] == [
        ("company_captain", {}, [("captain_rifle", "long_rifle")]),
        ("free_swords", {"free_sword": 7}, [("free_sword_javelins", "javelins")]),
        ("gilt_duelists", {"duelist": 4}, [("duelists_reckless", "frenzy")]),
    ]  # fmt: skip
    assert [(u.place, u.message) for u in outcome.unmatched] == [
        ("unit 3 (Gilt Duelists)", "Gilt Duelists has no option “Silver Spurs”; not taken"),
        ("unit 3 (Gilt Duelists)", "62 pts in the source, 57 pts here"),
    ]


ROSTER = """<?xml version="1.0" encoding="UTF-8"?>
<roster xmlns="http://www.battlescribe.net/schema/rosterSchema" battleScribeVersion="2.03"
        name="Ledger Patrol" gameSystemName="{game}" generatedBy="https://newrecruit.eu">
  <costs><cost name="pts" typeId="points" value="{total}"/></costs>
  <costLimits><costLimit name="pts" typeId="points" value="999"/></costLimits>
  <forces><force name="Battle" catalogueName="The Gilt Ledger Company"><selections>
    <selection name="Pike-and-Shot" type="unit" number="1" customName="Blue Pikes">
      <costs><cost name="pts" typeId="points" value="{pikes}"/></costs>
      <selections>
        <selection name="Pike Sergeant" type="model" number="1"/>
        <selection name="pikeman" type="model" number="7"><selections>
          <selection name="Pike" type="upgrade" number="7"/></selections></selection>
        <selection name="Paymaster" type="upgrade" number="1"/>
      </selections>
    </selection>
    <selection name="Wyvern Rider" type="unit" number="1"/>
  </selections></force></forces>
</roster>"""


def test_a_battlescribe_roster_naming_a_hosted_game_is_mapped_by_its_names(starter_modules):
    catalog = catalog_by_slug("ember-reach")
    outcome = read_import(ROSTER.format(game="Ember Reach", total=0, pikes=0))

    assert outcome.format_name == "BattleScribe roster"
    [pikes] = outcome.document.units
    assert (pikes.datasheet, pikes.name) == ("pike_and_shot", "Blue Pikes")
    sheet = catalog.datasheet("gilt_ledger", "pike_and_shot")
    assert {m.id: pikes.models.get(m.id, m.min) for m in sheet.models}["pikeman"] == 7
    assert [o.choice for o in pikes.options] == ["paymaster"]
    assert outcome.document.points_limit == 999
    places = [(u.place, u.message) for u in outcome.unmatched]
    assert ("unit 2 (Wyvern Rider)", "The Gilt Ledger Company has no datasheet “Wyvern Rider”; left out") in places  # fmt: skip


def test_a_roster_of_another_game_of_the_same_faction_name_is_not_mapped(starter_modules):
    with pytest.raises(Exception) as caught:
        read_import(ROSTER.format(game="Some Other Game", total=0, pikes=0))
    assert "not hosted here" in str(caught.value)


@pytest.mark.parametrize("path", EVERY_ROSTER)
def test_no_real_roster_of_a_game_not_hosted_here_is_mapped(starter_modules, path):
    assert hosted_game(read_roster(path.read_bytes())) is None


@pytest.mark.django_db
def test_the_import_page_shows_what_is_left_out_before_it_stores_the_rest(client, starter_modules):
    text = (TEXTS / "app_hosted.txt").read_text(encoding="utf-8")
    page = client.post(reverse("armylists:import"), {"document": text})
    body = page.content.decode()
    assert page.status_code == 200 and "Read as: Warhammer app text" in body
    assert "Silver Spurs" in body and "57 pts here" in body
    # what matched, line by line as it would be stored
    preview = page.context["preview"]
    assert preview[0].startswith("Paid in Full [") and "/150 pts]" in preview[0]
    assert [line for line in preview if line[:2] in ("1.", "2.", "3.")] == [
        "1. Company Captain: Long Rifle · 40 pts",
        "2. Free Swords ×7: Javelins · 42 pts",
        "3. Gilt Duelists ×4: Frenzy · 57 pts",
    ]
    assert "2. Free Swords ×7: Javelins · 42 pts" in body
    assert not ArmyList.objects.exists()
    done = client.post(reverse("armylists:import"), {"document": text, "confirm": "rest"})
    assert done.status_code == 302
    assert ArmyList.objects.get().document["units"][2]["datasheet"] == "gilt_duelists"
