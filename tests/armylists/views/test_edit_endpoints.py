"""Every edit endpoint of the editor, as a specification: what it does with an edit it accepts.

Each edit is posted twice over: from htmx (`HX-Request: true`), which gets the changed fragment
plus the totals, violations, undo button and version swapped out of band, and from a plain form,
which gets a redirect back to the editor. Every edit carries the list version it was made on.

- a legal edit is saved and the version goes up;
- an edit that breaks a list-building rule is saved too, and the violation is shown.

What the endpoints refuse (impossible, malformed, someone else's or out-of-date edits) is in
test_edit_refusals.py; the edits themselves are in edit_cases.py.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.urls import reverse

from .edit_cases import (
    ALWAYS_OOB,
    LEGAL,
    Edit,
    is_fragment,
    with_levy_mob,
    with_second_patrol,
    with_ten_spearmen_and_two_crossbows,
    without_legend,
)
from .helpers import (
    document_of,
    list_version_shown,
    oob_ids,
    stored,
    top_level_ids,
    violation_codes,
)

# ---- legal edits -------------------------------------------------------------------------


@pytest.mark.parametrize("case", LEGAL.values(), ids=LEGAL.keys())
def test_a_legal_edit_from_htmx_is_saved_and_answered_with_fragments(client, army_list, case):
    army_list = case.edit.ready(army_list)
    before = document_of(army_list)

    response = case.edit.post(client, army_list, htmx=True)

    assert response.status_code == 200
    after = stored(army_list)
    assert after.version == army_list.version + 1
    assert case.saved(before, document_of(army_list))
    assert is_fragment(response)
    assert top_level_ids(response)[0] == case.fragment
    assert oob_ids(response) >= ALWAYS_OOB
    if case.fragment == "added-unit":
        # a new unit is appended to its force organization; nothing replaces the roster
        assert response["HX-Reswap"] == "none"
        force = stored(army_list).document["units"][-1]["force"]
        assert f'hx-swap-oob="beforeend:#force-{force}-units"' in response.text
        # the legend form's unit menu now lists the new unit; the rest of the legends stays
        assert "legend-unit" in oob_ids(response) and "legends" not in oob_ids(response)
        assert 'value="u4"' in response.text.split('id="legend-unit"')[1].split("</select>")[0]
        assert 'id="unit-u4"' in response.text
    else:
        assert case.fragment not in oob_ids(response)
    if case.edit.url in ("unit_rename", "unit_remove", "unit_duplicate"):
        assert "legends" in oob_ids(response)  # attached legends name their units
    assert list_version_shown(response) == after.version


@pytest.mark.parametrize("case", LEGAL.values(), ids=LEGAL.keys())
def test_a_legal_edit_from_a_plain_form_is_saved_and_redirects_to_the_editor(
    client, army_list, case
):
    army_list = case.edit.ready(army_list)
    before = document_of(army_list)

    response = case.edit.post(client, army_list, htmx=False)

    assert response.status_code == 302
    editor = reverse("armylists:editor", args=[army_list.public_id])
    # a unit's edit comes back to that unit with its card open; so does moving, reordering or
    # copying a unit from its open card (the controls the player used stay under their hand)
    unit = case.fragment.removeprefix("unit-") if case.fragment.startswith("unit-") else ""
    if case.edit.url in ("unit_duplicate", "unit_move", "unit_reorder"):
        unit = case.edit.args[0]
    anchor = f"?edit={unit}#unit-{unit}" if unit else ""
    assert response["Location"] == editor + anchor
    assert stored(army_list).version == army_list.version + 1
    assert case.saved(before, document_of(army_list))


@pytest.mark.parametrize(
    "case",
    [
        LEGAL["force_add: an allied Hollowmere Patrol"],
        LEGAL["settings: name, points limit and focus"],
    ],
    ids=["force_add", "settings"],
)
def test_edits_that_change_what_may_be_added_refresh_the_catalogue(client, army_list, case):
    response = case.edit.post(client, army_list, htmx=True)

    assert "catalogue" in oob_ids(response)


def test_a_successful_edit_clears_a_refusal_shown_before(client, army_list):
    refused = Edit("unit_add", data={"datasheet": "dragon"}).post(client, army_list, htmx=True)
    assert refused["HX-Retarget"] == "#flash"

    response = LEGAL["unit_models: seven Spearmen"].edit.post(client, army_list, htmx=True)

    assert "flash" in oob_ids(response)
    assert '<div id="flash" hx-swap-oob="innerHTML"></div>' in response.text


def test_an_htmx_settings_change_refreshes_the_list_title(client, army_list):
    case = LEGAL["settings: name, points limit and focus"]

    response = case.edit.post(client, army_list, htmx=True)

    assert '<h1 class="list-title">River Patrol</h1>' in response.text
    assert "Town Watch focus" in response.text


def test_an_edit_that_changes_nothing_keeps_the_version(client, army_list):
    """The top unit moved up stays where it is: no new version, nothing to undo."""
    response = Edit("unit_reorder", ("u1",), {"step": "-1"}).post(client, army_list, htmx=True)

    assert response.status_code == 200
    assert stored(army_list).version == army_list.version
    assert not stored(army_list).revisions.exists()


def test_the_summary_columns_follow_the_document(client, army_list):
    Edit("unit_add", data={"datasheet": "spearmen"}).post(client, army_list, htmx=True)

    army_list = stored(army_list)
    assert (army_list.unit_count, army_list.points) == (4, 30 + 25 + 35 + 10 + 25)


# ---- edits that break a rule: saved, and the violation shown ----------------------------


@dataclass(frozen=True)
class Illegal:
    edit: Edit
    code: str  # the violation's stable code
    severity: str = "error"  # a warning leaves the list legal, with notes


ILLEGAL = {
    # The Patrol takes at most two Heroes.
    "unit_add: a third Hero": Illegal(
        Edit("unit_add", data={"datasheet": "captain", "force": "f1"}), "force-org-max"
    ),
    # Levy Mobs march only under the Levy focus.
    "unit_add: a unit of another focus": Illegal(
        Edit("unit_add", data={"datasheet": "levy_mob"}), "focus-only-unit"
    ),
    "unit_duplicate: a third Hero": Illegal(Edit("unit_duplicate", ("u1",)), "force-org-max"),
    # Two crossbows need ten Spearmen (one in five).
    "unit_models: too few Spearmen for their crossbows": Illegal(
        Edit(
            "unit_models",
            ("u2",),
            {"model": "spearman", "count": "5"},
            prepare=with_ten_spearmen_and_two_crossbows,
        ),
        "option-limit",
    ),
    "unit_specialty: a specialty for a Captain, who casts nothing": Illegal(
        Edit("unit_specialty", ("u1",), {"specialty": "tide"}), "specialty-not-caster"
    ),
    "unit_specialty: none for the River Witch": Illegal(
        Edit("unit_specialty", ("u3",), {"specialty": ""}), "caster-no-specialty", "warning"
    ),
    # The Patrol needs a Core unit.
    "unit_remove: the only Core unit": Illegal(Edit("unit_remove", ("u2",)), "force-org-min"),
    "unit_move: the only Core unit out of the Patrol": Illegal(
        Edit("unit_move", ("u2",), {"force": "f2"}, prepare=with_second_patrol), "force-org-min"
    ),
    "force_add: the Hermit allies with no one": Illegal(
        Edit("force_add", data={"organization": "hermit/patrol"}), "ally-unaligned"
    ),
    "force_remove: the last force organization": Illegal(
        Edit("force_remove", ("f1",), {"move_to": ""}), "no-force-organization"
    ),
    "settings: a points limit below the list's points": Illegal(
        Edit("settings", data={"name": "Bridge Watch", "points_limit": "50"}), "points-over-limit"
    ),
    "force_focus: the Town Watch focus for a force of the Levy's Levy Mob": Illegal(
        Edit("force_focus", ("f1",), {"focus": "watch"}, prepare=with_levy_mob),
        "focus-only-unit",
    ),
    # One legend per list at 150 points.
    "legend_add: a second legend": Illegal(
        Edit("legend_add", data={"legend": "old_banner", "unit": "u3"}), "too-many-legends"
    ),
    "legend_add: a Hero's legend on Spearmen": Illegal(
        Edit("legend_add", data={"legend": "old_banner", "unit": "u2"}, prepare=without_legend),
        "legend-wrong-unit",
    ),
}


@pytest.mark.parametrize("case", ILLEGAL.values(), ids=ILLEGAL.keys())
def test_an_edit_that_breaks_a_rule_is_saved_and_the_violation_is_shown(client, army_list, case):
    army_list = case.edit.ready(army_list)
    assert stored(army_list).legal

    response = case.edit.post(client, army_list, htmx=True)

    assert response.status_code == 200
    assert stored(army_list).version == army_list.version + 1
    assert case.code in violation_codes(response)
    if case.severity == "error":
        assert not stored(army_list).legal
        assert "Not legal yet" in response.text
    else:
        assert stored(army_list).legal
        assert "Legal, with notes" in response.text
    assert "violations" in oob_ids(response)


@pytest.mark.parametrize(
    "case",
    [ILLEGAL["unit_add: a third Hero"], ILLEGAL["force_add: the Hermit allies with no one"]],
    ids=["unit_add", "force_add"],
)
def test_an_edit_that_breaks_a_rule_from_a_plain_form_shows_the_violation_in_the_editor(
    client, army_list, case
):
    response = case.edit.post(client, army_list, htmx=False)
    assert response.status_code == 302

    page = client.get(response["Location"])

    assert case.code in violation_codes(page)
    assert "Not legal yet" in page.text
