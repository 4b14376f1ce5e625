"""What a roster carries to the table (issue 15): stratagems and strategies with their cost and
text, each force's focus, shock limits, squad hit points and cohesion distances; on the roster
PDF (read back as text) and on the share page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from factions.catalog import catalog_for
from forgebuilder.engine.rules import evaluate, resolve
from forgebuilder.lists import edits
from forgebuilder.lists.exports import PAPERS, roster_pdf
from forgebuilder.lists.exports.source import ExportSource, source_from_evaluated
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.lists.services import army_list_create
from forgebuilder.lists.sharing import share_link_create
from tests.armylists.rules.factories import document, game, model, sheet, unit

from .pdfread import page_texts

A4 = PAPERS["a4"]


def pdf_text(source: ExportSource) -> str:
    return " ".join(page_texts(roster_pdf(source, paper=A4)))


@pytest.fixture
def dark_list(dark_module):
    """A mini-dark Dust Wardens list with the Iron Vigil doctrine."""
    catalog = catalog_for(dark_module)
    doc = edits.new_document(
        catalog, faction="wardens", name="Moon Watch", points_limit=1000, casual=False
    )
    doc, _ = edits.add_unit(doc, catalog, datasheet="warden_captain", force=None)
    doc = edits.update_settings(
        doc, catalog, name="Moon Watch", points_limit=1000, focus=None, casual=False,
        doctrine="iron_vigil",
    )  # fmt: skip
    return army_list_create(owner=Owner(None, "owner-token"), catalog=catalog, document=doc)


def source_of(army_list) -> ExportSource:
    return source_from_evaluated(evaluated_list(army_list=army_list))


@pytest.mark.pdf
def test_a_grimdark_roster_prints_the_stratagems_of_both_doctrines_with_their_text(dark_list):
    text = pdf_text(source_of(dark_list))

    assert "STRATAGEMS" in text.upper()  # headings print in capitals
    # the universal doctrine's, then the chosen one's; another doctrine's are not printed
    assert "Second Opinion · 1 CP" in text and "Re-roll one die." in text
    assert "Dig In · 0 CP" in text and "A unit on an objective gets +1 Defense." in text
    assert text.index("Second Opinion") < text.index("Dig In")


def test_the_share_page_shows_the_stratagems_with_cost_and_text(dark_list, client):
    link = share_link_create(army_list=dark_list, kind="live")

    page = client.get(reverse("armylists:shared", args=[link.token])).content.decode()

    assert "<h2>Stratagems</h2>" in page
    assert "Second Opinion" in page and "1 CP" in page and "Re-roll one die." in page
    assert "A unit on an objective gets +1 Defense." in page


@pytest.mark.pdf
def test_a_battle_forge_roster_prints_its_strategies_with_cost_and_text(ember_source):
    strategies = dict(ember_source.report.references)["Strategies"]
    text = pdf_text(ember_source)

    assert strategies
    for strategy in strategies:
        assert f"{strategy.name} · {strategy.cost}" in text
        assert " ".join(strategy.text.split()[:6]) in text


@pytest.mark.pdf
def test_a_battle_forge_roster_prints_each_forces_focus_and_shock_limits(ember_source):
    text = pdf_text(ember_source)

    assert "Anvil Guard" in text  # the focus of the list's own force, in the forces table
    assert "Shock limit" in text


def test_a_casual_battle_forge_list_still_shows_its_strategy_points_and_legends(ember_source):
    casual = ember_source.document.model_copy(update={"casual": True})
    roster = resolve(casual, ember_source.catalog)
    report = evaluate(roster)

    assert report.total("sp_income") is not None
    assert report.total("legends") is not None
    # its strategies, and the reminder its Mirewind allies bring (issue 25, item 5)
    assert [h for h, _ in report.references] == ["Strategies", "Allied forces"]


def test_a_battle_rules_card_gives_the_squads_hit_points():
    sergeant = {**model("Sergeant", id="sergeant"), "stats": {"hit_points": 2}}
    trooper = {**model("Trooper", id="trooper", min=4, max=9, extra=1), "stats": {"hit_points": 1}}
    catalog = game(
        "battle_rules",
        slug="test-squads",
        datasheets={"squad": sheet(10, category=None, models=[sergeant, trooper])},
    )
    roster = resolve(
        document(unit("squad", force=None), forces=[], module="test-squads", points_limit=100),
        catalog,
    )

    assert evaluate(roster).unit_facts["u1"] == ("6 hit points in all",)


@pytest.mark.pdf
def test_a_wargame_roster_prints_the_cohesion_distances_of_the_modules_parameters():
    catalog = game(
        "wargame",
        slug="test-wargame",
        datasheets={
            "team": sheet(
                10,
                category=None,
                unit_type="team",
                models=[model("Leader", id="leader", leader=True), model("Scout", id="scout")],
            )
        },
        parameters={"team_cohesion_inches": 6},
    )
    roster = resolve(
        document(unit("team", force=None), forces=[], module="test-wargame", points_limit=100),
        catalog,
    )
    source = ExportSource(roster.document, roster, evaluate(roster))

    text = pdf_text(source)

    assert "COHESION" in text.upper()
    assert "Every member stays within 6″ of the Team Leader at all times." in text
