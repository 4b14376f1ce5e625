"""Issue 25, item 2 in the editor: a list chooses the pre-game strategies its forces offer, from
htmx (ticking a box) or a plain form; the totals show the strategy points of round 1 beside those
of every round, and overspending is flagged in players' words. The Emberstone Oath list (350
points: 8 SP a round, 1 paid for its Mirewind Allied Contingent) is offered Forced March, Open
the Ledger and, from its allies, Tide of Reeds (1 SP each)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from factions.catalog import catalog_for
from forgebuilder.lists import edits
from forgebuilder.lists.services import army_list_create
from tests.armylists.exports.conftest import ember_document

from .helpers import HTMX, change, document_of, oob_ids, shows, stored

TIDE = "mirewind/tide_of_reeds"


@pytest.fixture
def catalog(ember_reach):
    return catalog_for(ember_reach)


@pytest.fixture
def ember(catalog, owner):
    return army_list_create(owner=owner, catalog=catalog, document=ember_document(catalog))


def post(client, army_list, *values: str, htmx: bool = True, version: int | None = None):
    return client.post(
        reverse("armylists:pre_game", args=[army_list.public_id]),
        {"version": army_list.version if version is None else version, "strategy": list(values)},
        headers=HTMX if htmx else {},
    )


def chosen(army_list) -> list[tuple[str, str | None]]:
    return [(s.strategy, s.faction) for s in document_of(army_list).pre_game_strategies]


def test_the_editor_offers_the_pre_game_strategies_of_every_force(client, ember):
    response = client.get(reverse("armylists:editor", args=[ember.public_id]))

    html = response.content.decode()
    assert '<h2 id="pre-game-title">Pre-game strategies</h2>' in html
    assert f'value="{TIDE}"' in html
    assert shows(response, "Tide of Reeds")
    assert shows(response, "from Allied Contingent (Mirewind Kith)")
    assert shows(response, "7 SP in round 1")  # 8 per round − 1 for the allies
    assert "SP in round 1" in html  # beside "SP / round" in the totals bar


def test_ticking_a_strategy_saves_it_and_redraws_the_totals_and_the_panel(client, ember):
    response = post(client, ember, TIDE, "cinderhold/forced_march")

    assert response.status_code == 200
    assert chosen(ember) == [("tide_of_reeds", "mirewind"), ("forced_march", None)]
    assert {"totals", "violations", "pre-game"} <= oob_ids(response)
    assert shows(response, "5 SP in round 1")  # 7 − 2
    assert stored(ember).version == ember.version + 1


def test_without_javascript_the_form_saves_and_returns_to_the_editor(client, ember):
    response = post(client, ember, TIDE, htmx=False)

    assert response.status_code == 302
    assert response.url == reverse("armylists:editor", args=[ember.public_id])
    assert chosen(ember) == [("tide_of_reeds", "mirewind")]
    page = client.get(response.url).content.decode()
    assert f'value="{TIDE}" checked' in page
    assert '<noscript><button type="submit">Save pre-game strategies</button></noscript>' in page


def test_unticking_every_strategy_clears_them(client, ember):
    ember = change(
        ember,
        lambda d, c: edits.set_pre_game_strategies(d, c, chosen=[("mirewind", "tide_of_reeds")]),
    )

    post(client, ember)

    assert chosen(ember) == []


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("tide_of_reeds", "A pre-game strategy reads"),  # no faction
        ("cinderhold/hold_the_line", "Hold the Line is not a pre-game strategy."),
        ("cinderhold/nothing", "There is no strategy"),
    ],
)
def test_a_wrong_choice_is_refused_with_the_reason_and_nothing_changes(
    client, ember, value, message
):
    response = post(client, ember, value)

    assert response.status_code == 400
    assert shows(response, message)
    assert chosen(ember) == []
    assert stored(ember).version == ember.version


def test_an_edit_from_an_old_page_is_refused(client, ember):
    response = post(client, ember, TIDE, version=ember.version - 1)

    assert response.status_code == 409
    assert chosen(ember) == []


def test_nobody_else_can_choose_a_lists_strategies(client, catalog, stranger):
    theirs = army_list_create(owner=stranger, catalog=catalog, document=ember_document(catalog))

    response = post(client, theirs, TIDE)

    assert response.status_code == 404
    assert chosen(theirs) == []


def test_overspending_round_one_is_flagged_in_players_words(client, catalog, owner):
    # a 50-point list earns 1 + 50 // 50 = 2 a round; the allies cost 1: round 1 has 1 to spend
    document = edits.update_settings(
        ember_document(catalog), catalog, name="Small", points_limit=50, focus="anvil_guard",
        casual=False, doctrine=None,
    )  # fmt: skip
    small = army_list_create(owner=owner, catalog=catalog, document=document)

    response = post(client, small, TIDE, "cinderhold/forced_march")

    assert shows(
        response,
        "The pre-game strategies cost 2 strategy points, but round 1 has only 1 to spend "
        "(2 per round − 1 for force organizations).",
    )
