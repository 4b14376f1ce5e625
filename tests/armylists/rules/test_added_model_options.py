"""Issue 15, defect 8 in a list: a model an option adds can take its own options (the gun
platform of ``tests/factions/battleforge/fixtures/outpost`` may swap its rocket), priced,
checked, offered by the editor and printed on the roster."""

from __future__ import annotations

import pytest

from factions.catalog import catalog_by_slug, clear_catalog_cache
from factions.gamedata.battleforge.loading import battleforge_module_import
from forgebuilder.engine.listdoc import ListChoice
from forgebuilder.engine.presenters.cards import chosen_card
from forgebuilder.engine.rules import evaluate, resolve
from forgebuilder.lists import edits
from forgebuilder.lists.exports import PAPERS, roster_pdf
from forgebuilder.lists.exports.source import source_from_evaluated
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.presenters.editor import editor_context
from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.lists.services import army_list_create
from tests.armylists.exports.pdfread import page_texts
from tests.factions.battleforge.conftest import FIXTURES

OUTPOST = FIXTURES / "outpost" / "outpost"


@pytest.fixture
def catalog(db):
    battleforge_module_import(path=OUTPOST, slug="outpost-test")
    clear_catalog_cache()
    return catalog_by_slug("outpost-test")


def option_id(catalog, datasheet: str, verb: str, added_model: str | None = None) -> str:
    """The option with this verb (of the added model); for add_model, the gun platform's."""
    sheet = catalog.datasheet("settlers", datasheet)
    (option,) = [
        o
        for o in sheet.options
        if o.verb == verb
        and o.added_model == added_model
        and (verb != "add_model" or o.choices[0].items[0].id == "gun_platform")
    ]
    return option.id


@pytest.fixture
def team(catalog):
    """A Settler Team (12 points) in a new list, and its id."""
    doc = edits.new_document(
        catalog, faction="settlers", name="Dust Road", points_limit=150, casual=False
    )
    doc, _ = edits.add_unit(doc, catalog, datasheet="crew_boss", force=doc.forces[0].id)
    doc, uid = edits.add_unit(doc, catalog, datasheet="settler_team", force=doc.forces[0].id)
    return doc, uid


def take(doc, catalog, uid: str, option: str, count: int = 1):
    sheet = catalog.datasheet("settlers", "settler_team")
    spec = next(o for o in sheet.options if o.id == option)
    return edits.set_option(
        doc, catalog, unit_id=uid, option=option, choice=spec.choices[0].id, count=count
    )


def with_platform_and_swap(catalog, team):
    doc, uid = team
    doc = take(doc, catalog, uid, option_id(catalog, "settler_team", "add_model"))
    swap = option_id(catalog, "settler_team", "replace_weapon", "gun_platform")
    return take(doc, catalog, uid, swap), uid


def test_an_added_models_option_is_priced_in_the_list(catalog, team) -> None:
    doc, uid = with_platform_and_swap(catalog, team)
    roster = resolve(doc, catalog)

    # the team 12, the gun platform 5, its strike rocket 1
    assert roster.unit(uid).points == 12 + 5 + 1
    assert not [v for v in evaluate(roster).violations if uid in v.units]


def test_the_editor_refuses_an_added_models_option_before_the_model_is_there(catalog, team) -> None:
    doc, uid = team
    swap = option_id(catalog, "settler_team", "replace_weapon", "gun_platform")

    with pytest.raises(edits.EditError, match="Gun Platform"):
        take(doc, catalog, uid, swap)


def test_a_list_holding_the_option_without_the_model_is_not_legal(catalog, team) -> None:
    doc, uid = team
    swap = option_id(catalog, "settler_team", "replace_weapon", "gun_platform")
    sheet = catalog.datasheet("settlers", "settler_team")
    choice = next(o for o in sheet.options if o.id == swap).choices[0].id
    unit = doc.unit(uid).model_copy(
        update={"options": (ListChoice(option=swap, choice=choice, count=1),)}
    )
    doc = doc.model_copy(update={"units": tuple(unit if u.id == uid else u for u in doc.units)})

    codes = {v.code for v in evaluate(resolve(doc, catalog)).violations if uid in v.units}

    assert "option-without-model" in codes


def test_an_added_models_option_is_taken_once_per_added_model(catalog, team) -> None:
    doc, uid = with_platform_and_swap(catalog, team)
    swap = option_id(catalog, "settler_team", "replace_weapon", "gun_platform")

    with pytest.raises(edits.EditError, match="may be taken 1 time"):
        take(doc, catalog, uid, swap, count=2)


def test_removing_the_added_model_removes_its_options(catalog, team) -> None:
    doc, uid = with_platform_and_swap(catalog, team)

    doc = take(doc, catalog, uid, option_id(catalog, "settler_team", "add_model"), count=0)

    assert doc.unit(uid).options == ()
    assert resolve(doc, catalog).unit(uid).points == 12


def test_the_editor_offers_the_option_once_the_model_is_added(catalog, team) -> None:
    doc, uid = team
    owner = Owner(None, "owner-token")

    def option_texts(document) -> list[str]:
        army_list = army_list_create(owner=owner, catalog=catalog, document=document)
        roster = resolve(document, catalog)
        context = editor_context(army_list, roster, evaluate(roster))
        return [o.text for o in context["units"][uid].options]

    assert not any("Gun Platform:" in t for t in option_texts(doc))
    doc = take(doc, catalog, uid, option_id(catalog, "settler_team", "add_model"))
    texts = option_texts(doc)
    assert "Gun Platform: replace Seeker Rocket with (each Gun Platform)" in texts
    assert "Gun Platform: take (each Gun Platform)" in texts


def test_the_card_and_the_roster_pdf_show_the_added_model_with_its_new_weapon(
    catalog, team
) -> None:
    doc, uid = with_platform_and_swap(catalog, team)
    roster = resolve(doc, catalog)
    card = chosen_card(roster, roster.unit(uid), evaluate(roster))

    assert [(m.name, m.count) for m in card.models] == [("Settler", "2"), ("Gun Platform", "1")]
    weapons = [(w.name, w.carried_by) for w in card.weapons]
    assert ("Strike Rocket", "Gun Platform") in weapons
    assert not any(name == "Seeker Rocket" for name, _ in weapons)

    army_list = army_list_create(owner=Owner(None, "owner-token"), catalog=catalog, document=doc)
    source = source_from_evaluated(evaluated_list(army_list=army_list))
    text = " ".join(page_texts(roster_pdf(source, paper=PAPERS["a4"])))
    assert "Gun Platform" in text and "Strike Rocket" in text
    assert "Seeker Rocket" not in text
