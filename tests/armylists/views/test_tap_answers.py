"""A tap answers with what it changed (issue 41: a phone with one bar of signal).

An option or a model count changed answers with the unit's card (open: its controls under the
player's hand), the totals, the undo button and the list version, and the problems only where
the edit moved them from what the page showed: the problems panel (or only its rows whose
words changed, such as the points over the limit), the marks of the units with errors, the
problem lists of other cards. No other unit's card, and no whole roster.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from factions.catalog import catalog_for
from factions.models import GameModule
from forgebuilder.lists import edits
from forgebuilder.lists.selectors import evaluations_forget

from .helpers import EVERY_MODULE, HTMX, change, list_of, oob_ids, stored, top_level_ids
from .test_edit_fragments import TWO_CORE, problems_of

# Besides the unit's card: totals, undo, version, the flash cleared and the problems the edit
# moved (1.5 to 3.3 KB on the starter modules' 30-unit lists; every card's problems and the
# whole problems panel were 4.2 to 18 KB). The card is what it is (a hero's rules: 11 KB).
BESIDES_THE_CARD = 4_000
EVERY_TAP = {"totals", "undo", "list-version", "flash"}
CARD = re.compile(r'<article class="unit[^"]*" id="unit-(\w+)".*?</article>', re.S)


def first_option(army_list, module: GameModule):
    """(unit id, the form's data) of the first option of a unit of the list that may be taken."""
    catalog = catalog_for(module)
    document = stored(army_list).document
    forces = {f["id"]: f["faction"] for f in document["forces"]}
    for unit in document["units"]:
        faction = forces.get(unit.get("force"), document["faction"])
        sheet = catalog.datasheet(faction, unit["datasheet"])
        for _, option in sheet.all_options():
            if option.added_model is None:
                return unit["id"], {"option": option.id, "choice": option.choices[0].id, "count": 1}
    raise AssertionError("no unit of the list has an option")


def tap(client, army_list, action: str, unit_id: str, data: dict):
    url = reverse(f"armylists:{action}", args=[army_list.public_id, unit_id])
    return client.post(url, {**data, "version": stored(army_list).version}, headers=HTMX)


@pytest.mark.parametrize("game_module", EVERY_MODULE, indirect=True)
def test_an_option_change_answers_with_its_card_the_totals_and_the_problems_it_moved_only(
    client, game_module
):
    module = game_module
    army_list = list_of(client, module, 30)
    client.get(reverse("armylists:editor", args=[army_list.public_id]))  # what the player sees
    unit_id, data = first_option(army_list, module)

    response = tap(client, army_list, "unit_option", unit_id, data)

    assert response.status_code == 200, response.text[:300]
    ids = top_level_ids(response)
    assert ids[0] == f"unit-{unit_id}"
    assert [m[1] for m in CARD.finditer(response.text)] == [unit_id], "no other unit's card"
    assert "roster" not in ids
    moved = set(ids[1:]) - EVERY_TAP
    assert set(ids) >= EVERY_TAP
    assert all(
        re.fullmatch(r"violations|violation-\d+|unit-marks|unit-u\d+-problems", i) for i in moved
    ), moved
    card = CARD.search(response.text)[0]
    assert "/option" in card, "the card comes open, its controls drawn"
    assert "csrfmiddlewaretoken" not in card, "htmx sends the page's token itself"
    assert len(response.content) - len(card.encode()) < BESIDES_THE_CARD


@pytest.mark.parametrize("remembered", [True, False], ids=["remembered", "evaluated again"])
def test_a_model_count_that_moves_no_problem_sends_none(client, army_list, remembered):
    """Seven Spearmen break and fix no rule: no problems panel, no marks, no card's problems.
    The same whether this process remembers the list as the page showed it or not (another
    worker drew the page)."""
    client.get(reverse("armylists:editor", args=[army_list.public_id]))
    if not remembered:
        evaluations_forget()

    response = tap(client, army_list, "unit_models", "u2", {"model": "spearman", "count": 7})

    assert response.status_code == 200
    assert set(top_level_ids(response)) == {"unit-u2", *EVERY_TAP}


@pytest.mark.parametrize("remembered", [True, False], ids=["remembered", "evaluated again"])
def test_an_add_that_fixes_a_rule_on_another_card_sends_that_cards_problems_and_the_panel(
    client, muster_with_one_core, remembered
):
    army_list = muster_with_one_core
    client.get(reverse("armylists:editor", args=[army_list.public_id]))
    if not remembered:
        evaluations_forget()
    url = reverse("armylists:unit_add", args=[army_list.public_id])
    data = {"datasheet": "firelock_company", "force": "f1", "version": army_list.version}

    response = client.post(url, data, headers=HTMX)

    assert response.status_code == 200
    assert problems_of(response.text, "u2") == []  # the Hearthguard's card: fixed
    assert problems_of(response.text, "u1") is None  # the Forge-Thane's: nothing moved there
    assert {"violations", "unit-marks"} <= oob_ids(response)
    assert TWO_CORE not in response.text


def test_undo_sends_every_problem_it_cannot_compare(client, army_list):
    """Undo answers from the list as it is now alone: every card's problems and the panel."""
    tap(client, army_list, "unit_models", "u2", {"model": "spearman", "count": 7})
    url = reverse("armylists:undo", args=[army_list.public_id])

    response = client.post(url, {"version": stored(army_list).version}, headers=HTMX)

    assert response.status_code == 200
    assert {"violations", "unit-marks", "unit-u1-problems", "unit-u3-problems"} <= oob_ids(response)


def test_a_row_whose_words_changed_comes_alone_as_the_page_draws_it(client, make_list, owner):
    """Over its limit, a list's points row changes with every tap: that row comes alone and
    reads as the page drawn afresh reads it."""
    army_list = make_list(owner=owner, points_limit=99)
    page = reverse("armylists:editor", args=[army_list.public_id])
    client.get(page)

    response = tap(client, army_list, "unit_models", "u2", {"model": "spearman", "count": 7})

    rows = [i for i in top_level_ids(response) if i.startswith("violation")]
    assert len(rows) == 1 and rows[0] != "violations", top_level_ids(response)
    row = re.compile(rf'<li class="violation[^"]*" id="{rows[0]}".*?</li>', re.S)
    sent = row.search(response.text)[0].replace(' hx-swap-oob="true"', "")
    assert sent == row.search(client.get(page).text)[0]
    assert "over the limit of 99" in sent


ROW = re.compile(r'<li class="violation[^"]*" id="violation-(\d+)".*?</li>', re.S)


def panel_rows(page: str) -> list[str]:
    return [m[0] for m in ROW.finditer(page.split('id="violation-list"')[1].split("</ul>")[0])]


def rows_after(rows: list[str], answer: str) -> list[str]:
    """The problems panel's rows once htmx has swapped `answer`'s parts of it in."""
    if 'id="violations"' in answer:
        return panel_rows(answer)
    rows = list(rows)
    for m in ROW.finditer(answer):
        if ' hx-swap-oob="true"' in m[0]:
            rows[int(m[1]) - 1] = m[0].replace(' hx-swap-oob="true"', "")
    appended = re.search(r'<ul hx-swap-oob="beforeend:#violation-list">(.*?)</ul>', answer, re.S)
    if appended:
        rows += [m[0] for m in ROW.finditer(appended[1])]
    gone = {int(n) for n in re.findall(r'id="violation-(\d+)" hx-swap-oob="delete"', answer)}
    return [row for n, row in enumerate(rows, start=1) if n not in gone]


def test_rows_added_to_the_problems_panel_and_gone_from_it_come_alone(client, make_list, owner):
    """Over its limit, a list given a third Hero gets a new problem at the end of the panel;
    removing the Hero takes it away. Each answer sends the rows that moved, and the panel then
    reads as the page drawn afresh."""
    army_list = make_list(owner=owner, points_limit=99)
    page = reverse("armylists:editor", args=[army_list.public_id])
    rows = panel_rows(client.get(page).text)
    add = reverse("armylists:unit_add", args=[army_list.public_id])

    for url, data in (
        (add, {"datasheet": "captain", "force": "f1"}),
        (reverse("armylists:unit_remove", args=[army_list.public_id, "u4"]), {}),
    ):
        answer = client.post(url, {**data, "version": stored(army_list).version}, headers=HTMX)
        assert answer.status_code == 200
        assert "violations" not in oob_ids(answer), "the rows, not the whole panel"
        rows = rows_after(rows, answer.text)
        assert rows == panel_rows(client.get(page).text)
        assert len(rows) == (2 if url == add else 1)


def test_an_add_sends_the_slots_of_the_force_it_joined_only(client, army_list):
    """A unit counts in its own force organization's slots: the others' are not sent again."""
    army_list = change(
        army_list,
        lambda d, c: edits.add_force(d, c, organization="vanguard", faction="millford")[0],
    )
    url = reverse("armylists:unit_add", args=[army_list.public_id])
    data = {"datasheet": "spearmen", "force": "f1", "version": army_list.version}

    response = client.post(url, data, headers=HTMX)

    assert response.status_code == 200
    slots = {i for i in oob_ids(response) if i.endswith("-slots")}
    assert slots == {"force-f1-slots"}
    assert "Core 2" in response.text.split('id="force-f1-slots"')[1].split("</ul>")[0]
