"""Every edit endpoint of the editor, as a specification.

Each edit is posted twice over: from htmx (`HX-Request: true`), which gets the changed fragment
plus the totals, violations, undo button and version swapped out of band, and from a plain form,
which gets a redirect back to the editor. Every edit carries the list version it was made on.

- a legal edit is saved and the version goes up;
- an edit that breaks a list-building rule is saved too, and the violation is shown;
- an impossible edit (a datasheet the faction lacks) gets 400 with the reason; nothing changes;
- a malformed post (a missing or non-numeric field) gets 400; nothing changes;
- an edit of someone else's list gets 404; nothing changes;
- an edit from an out-of-date page (another tab changed the list) gets 409, the current list
  and the reason; nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from django.urls import reverse

from forgebuilder.armylists import edits
from forgebuilder.armylists.edits import OTHER_FACTION
from forgebuilder.armylists.listdoc import ListChoice, ListDocument, ListLegend
from forgebuilder.armylists.views.edit import NOTHING_TO_UNDO, STALE

from .helpers import (
    HTMX,
    change,
    document_of,
    elements,
    list_version_shown,
    oob_ids,
    shows,
    stored,
    top_level_ids,
    violation_codes,
)

# Out-of-band parts every htmx answer to an edit carries.
ALWAYS_OOB = {"totals", "violations", "undo", "list-version", "unit-marks"}

Prepare = Callable[[ListDocument, object], ListDocument]

CROSSBOW = "spearman.replace_weapon.spear"  # one Spearman in five may swap his spear
VETERANS = "add_rule.steady"  # all Spearmen or none


def with_vanguard(document, catalog):
    """A second, empty force organization of Millford: f2."""
    return edits.add_force(document, catalog, organization="vanguard", faction="millford")[0]


def with_spearmen_in_vanguard(document, catalog):
    document = with_vanguard(document, catalog)
    return edits.move_unit(document, unit_id="u2", force="f2")


def with_second_patrol(document, catalog):
    """A second Patrol, f2, with its own Captain (u4) and Spearmen (u5), at 300 points."""
    document = edits.update_settings(
        document, catalog, name=document.name, points_limit=300, focus=None, casual=False
    )
    document, _ = edits.add_force(document, catalog, organization="patrol", faction="millford")
    for datasheet in ("captain", "spearmen"):
        document, _ = edits.add_unit(document, catalog, datasheet=datasheet, force="f2")
    return document


def with_levy_mob(document, catalog):
    """The Patrol takes the Levy focus and a Levy Mob (u4), which only the Levy may take."""
    document = edits.set_force_focus(document, catalog, force_id="f1", focus="levy")
    return edits.add_unit(document, catalog, datasheet="levy_mob", force="f1")[0]


def with_allies(document, catalog):
    """An allied Patrol of Hollowmere: f2."""
    return edits.add_force(document, catalog, organization="patrol", faction="hollowmere")[0]


def with_sellswords(document, catalog):
    """A Vanguard of Free Blades (mercenaries, who ally with anyone), f2, with a Sellsword."""
    document, _ = edits.add_force(document, catalog, organization="vanguard", faction="free_blades")
    return edits.add_unit(document, catalog, datasheet="sellsword", force="f2")[0]


def without_legend(document, catalog):
    return edits.remove_legend(document, index=0)


def with_renamed_spearmen(document, catalog):
    return edits.rename_unit(document, unit_id="u2", name="Old Guard")


def with_ten_spearmen_and_two_crossbows(document, catalog):
    document = edits.set_model_count(document, catalog, unit_id="u2", model="spearman", count=10)
    return edits.set_option(
        document, catalog, unit_id="u2", option=CROSSBOW, choice="crossbow", count=2
    )


@dataclass(frozen=True)
class Edit:
    url: str
    args: tuple = ()
    data: dict = field(default_factory=dict)
    prepare: Prepare | None = None

    def post(self, client, army_list, *, htmx: bool, version: object = "current", **data):
        body = {**self.data, **data}
        if version == "current":
            body["version"] = army_list.version
        elif version is not None:
            body["version"] = version
        body = {k: v for k, v in body.items() if v is not None}
        url = reverse(f"armylists:{self.url}", args=[army_list.public_id, *self.args])
        return client.post(url, body, headers=HTMX if htmx else {})

    def ready(self, army_list):
        return change(army_list, self.prepare) if self.prepare else army_list


@dataclass(frozen=True)
class Legal:
    edit: Edit
    fragment: str  # the id of the element the answer replaces
    saved: Callable[[ListDocument, ListDocument], bool]  # (before, after)


def ids(document: ListDocument) -> list[str]:
    return [u.id for u in document.units]


LEGAL = {
    "settings: name, points limit and focus": Legal(
        Edit("settings", data={"name": "River Patrol", "points_limit": "200", "focus": "watch"}),
        "roster",
        lambda b, a: (a.name, a.points_limit, a.focus) == ("River Patrol", 200, "watch"),
    ),
    "undo: the last change is taken back": Legal(
        Edit("undo", prepare=with_renamed_spearmen),
        "roster",
        lambda b, a: b.unit("u2").name == "Old Guard" and a.unit("u2").name == "",
    ),
    "unit_add: Spearmen join the Patrol": Legal(
        Edit("unit_add", data={"datasheet": "spearmen", "force": "f1"}),
        "added-unit",
        lambda b, a: ids(a) == [*ids(b), "u4"] and a.unit("u4").datasheet == "spearmen",
    ),
    "unit_add: without a force, into the faction's first one": Legal(
        Edit("unit_add", data={"datasheet": "spearmen"}),
        "added-unit",
        lambda b, a: a.unit("u4").force == "f1",
    ),
    "unit_add: Bowmen into the allied Hollowmere force": Legal(
        Edit("unit_add", data={"datasheet": "bowmen", "force": "f2"}, prepare=with_allies),
        "added-unit",
        lambda b, a: (a.unit("u4").datasheet, a.unit("u4").force) == ("bowmen", "f2"),
    ),
    "unit_models: seven Spearmen": Legal(
        Edit("unit_models", ("u2",), {"model": "spearman", "count": "7"}),
        "unit-u2",
        lambda b, a: a.unit("u2").models == {"spearman": 7},
    ),
    "unit_models: eight Spearmen typed in the count field": Legal(
        Edit("unit_models", ("u2",), {"model": "spearman", "typed": "8"}),
        "unit-u2",
        lambda b, a: a.unit("u2").models == {"spearman": 8},
    ),
    "unit_models: a step button wins over the count shown in the field": Legal(
        Edit("unit_models", ("u2",), {"model": "spearman", "count": "10", "typed": "5"}),
        "unit-u2",
        lambda b, a: a.unit("u2").models == {"spearman": 10},
    ),
    "unit_models: Enter in the count field without JavaScript sets the typed count": Legal(
        Edit(
            "unit_models",
            ("u2",),
            {"model": "spearman", "typed": "9", "typed_count": "1", "count": "4"},
        ),
        "unit-u2",
        lambda b, a: a.unit("u2").models == {"spearman": 9},
    ),
    "unit_option: a crossbow for one Spearman": Legal(
        Edit("unit_option", ("u2",), {"option": CROSSBOW, "choice": "crossbow", "count": "1"}),
        "unit-u2",
        lambda b, a: a.unit("u2").options == (ListChoice(option=CROSSBOW, choice="crossbow"),),
    ),
    "unit_option: the Veterans checkbox as the page posts it": Legal(
        Edit("unit_option", ("u2",), {"option": VETERANS, "choice": "steady", "count": ["0", "1"]}),
        "unit-u2",
        lambda b, a: a.unit("u2").options == (ListChoice(option=VETERANS, choice="steady"),),
    ),
    "unit_rename: a custom name": Legal(
        Edit("unit_rename", ("u2",), {"name": "  Bridge   Guard "}),
        "unit-u2",
        lambda b, a: a.unit("u2").name == "Bridge Guard",
    ),
    "unit_specialty: the River Witch turns to Ember": Legal(
        Edit("unit_specialty", ("u3",), {"specialty": "ember"}),
        "unit-u3",
        lambda b, a: a.unit("u3").specialty == "ember",
    ),
    "unit_duplicate: the copy follows the original": Legal(
        Edit("unit_duplicate", ("u2",)),
        "roster",
        lambda b, a: ids(a) == ["u1", "u2", "u4", "u3"] and a.unit("u4").datasheet == "spearmen",
    ),
    "unit_remove: the Captain, and the legend he carried": Legal(
        Edit("unit_remove", ("u1",)),
        "roster",
        lambda b, a: ids(a) == ["u2", "u3"] and a.legends == (),
    ),
    "unit_move: Spearmen into the Vanguard": Legal(
        Edit("unit_move", ("u2",), {"force": "f2"}, prepare=with_vanguard),
        "roster",
        lambda b, a: a.unit("u2").force == "f2",
    ),
    "unit_reorder: Spearmen up": Legal(
        Edit("unit_reorder", ("u2",), {"step": "-1"}),
        "roster",
        lambda b, a: ids(a) == ["u2", "u1", "u3"],
    ),
    "unit_reorder: Spearmen down": Legal(
        Edit("unit_reorder", ("u2",), {"step": "1"}),
        "roster",
        lambda b, a: ids(a) == ["u1", "u3", "u2"],
    ),
    "force_add: an allied Hollowmere Patrol": Legal(
        Edit("force_add", data={"organization": "hollowmere/patrol"}),
        "roster",
        lambda b, a: (
            [(f.id, f.faction, f.organization) for f in a.forces][-1]
            == ("f2", "hollowmere", "patrol")
        ),
    ),
    "force_remove: its units move to another force": Legal(
        Edit("force_remove", ("f2",), {"move_to": "f1"}, prepare=with_spearmen_in_vanguard),
        "roster",
        lambda b, a: [f.id for f in a.forces] == ["f1"] and a.unit("u2").force == "f1",
    ),
    "force_remove: its units go with it": Legal(
        Edit("force_remove", ("f2",), prepare=with_spearmen_in_vanguard),
        "roster",
        lambda b, a: [f.id for f in a.forces] == ["f1"] and ids(a) == ["u1", "u3"],
    ),
    "force_focus: the Patrol takes the Town Watch focus": Legal(
        Edit("force_focus", ("f1",), {"focus": "watch"}),
        "roster",
        lambda b, a: a.forces[0].focus == "watch" and a.focus is None,
    ),
    "force_focus: the Vanguard keeps none while the Patrol takes one": Legal(
        Edit("force_focus", ("f1",), {"focus": "watch"}, prepare=with_vanguard),
        "roster",
        lambda b, a: [f.focus for f in a.forces] == ["watch", None],
    ),
    "legend_add: the Old Banner for the River Witch": Legal(
        Edit("legend_add", data={"legend": "old_banner", "unit": "u3"}, prepare=without_legend),
        "roster",
        lambda b, a: a.legends == (ListLegend(legend="old_banner", unit="u3"),),
    ),
    "legend_remove: the Old Banner": Legal(
        Edit("legend_remove", (0,)),
        "roster",
        lambda b, a: a.legends == (),
    ),
}
# One edit of each endpoint, for the tests every endpoint must pass alike.
EVERY_ENDPOINT = {
    case.edit.url: case.edit for case in reversed(LEGAL.values())
}  # the first case of each url wins


def snapshot(army_list) -> tuple:
    """Everything an edit may change."""
    army_list = stored(army_list)
    return (
        army_list.document,
        army_list.version,
        list(army_list.revisions.values_list("pk", flat=True)),
        army_list.name,
        army_list.points,
        army_list.legal,
    )


def is_fragment(response) -> bool:
    return b"<html" not in response.content and b"<!doctype" not in response.content.lower()


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
    # a unit's edit comes back to that unit with its Edit panel open
    unit = case.fragment.removeprefix("unit-") if case.fragment.startswith("unit-") else ""
    anchor = f"?edit={unit}#unit-{unit}" if unit else ""
    assert response["Location"] == editor + anchor
    assert stored(army_list).version == army_list.version + 1
    assert case.saved(before, document_of(army_list))


def test_a_unit_edit_refreshes_the_problem_marks_of_every_unit(client, army_list):
    response = LEGAL["unit_models: seven Spearmen"].edit.post(client, army_list, htmx=True)

    assert "unit-marks" in oob_ids(response)


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


# ---- impossible edits: 400 and nothing changes --------------------------------------------


@dataclass(frozen=True)
class Impossible:
    edit: Edit
    reason: str  # what the player is told


IMPOSSIBLE = {
    "settings: a focus the faction lacks": Impossible(
        Edit("settings", data={"name": "x", "points_limit": "150", "focus": "tide"}),
        "There is no focus 'tide' for this faction.",
    ),
    "settings: a points limit beyond 100000": Impossible(
        Edit("settings", data={"name": "x", "points_limit": "100001"}),
        "The points limit must be between 1 and 100000.",
    ),
    "settings: a doctrine the module lacks": Impossible(
        Edit("settings", data={"name": "x", "points_limit": "150", "doctrine": "iron"}),
        "There is no doctrine 'iron'.",
    ),
    "undo: nothing to undo": Impossible(Edit("undo"), NOTHING_TO_UNDO),
    "unit_add: a datasheet the faction lacks": Impossible(
        Edit("unit_add", data={"datasheet": "dragon"}), "The faction has no datasheet 'dragon'."
    ),
    "unit_add: another faction's datasheet": Impossible(
        Edit("unit_add", data={"datasheet": "bowmen", "force": "f1"}),
        "The faction has no datasheet 'bowmen'.",
    ),
    "unit_add: into a force the list lacks": Impossible(
        Edit("unit_add", data={"datasheet": "spearmen", "force": "f9"}),
        "That force organization is no longer in the list.",
    ),
    "unit_models: more than the maximum": Impossible(
        Edit("unit_models", ("u2",), {"model": "spearman", "count": "11"}),
        "Spearmen takes 5 to 10 Spearman; 11 is out of range.",
    ),
    "unit_models: fewer than the minimum": Impossible(
        Edit("unit_models", ("u2",), {"model": "spearman", "count": "4"}),
        "Spearmen takes 5 to 10 Spearman; 4 is out of range.",
    ),
    "unit_models: a model the datasheet lacks": Impossible(
        Edit("unit_models", ("u2",), {"model": "archer", "count": "6"}),
        "Spearmen has no model 'archer'.",
    ),
    "unit_models: a unit no longer in the list": Impossible(
        Edit("unit_models", ("u9",), {"model": "spearman", "count": "6"}),
        "That unit is no longer in the list.",
    ),
    "unit_option: an option the datasheet lacks": Impossible(
        Edit("unit_option", ("u2",), {"option": "wings", "choice": "steady"}),
        "Spearmen has no option 'wings'.",
    ),
    "unit_option: a choice the option lacks": Impossible(
        Edit("unit_option", ("u2",), {"option": CROSSBOW, "choice": "halberd"}),
        "That option of Spearmen has no choice 'halberd'.",
    ),
    "unit_option: more crossbows than one in five": Impossible(
        Edit("unit_option", ("u2",), {"option": CROSSBOW, "choice": "crossbow", "count": "2"}),
        "may be taken 1 time by this unit.",
    ),
    "unit_rename: a unit no longer in the list": Impossible(
        Edit("unit_rename", ("u9",), {"name": "Ghosts"}), "That unit is no longer in the list."
    ),
    "unit_specialty: a specialty the module lacks": Impossible(
        Edit("unit_specialty", ("u3",), {"specialty": "frost"}),
        "There is no power specialty 'frost'.",
    ),
    "unit_duplicate: a unit no longer in the list": Impossible(
        Edit("unit_duplicate", ("u9",)), "That unit is no longer in the list."
    ),
    "unit_remove: a unit no longer in the list": Impossible(
        Edit("unit_remove", ("u9",)), "That unit is no longer in the list."
    ),
    "unit_move: into a force the list lacks": Impossible(
        Edit("unit_move", ("u2",), {"force": "f9"}),
        "That force organization is no longer in the list.",
    ),
    # The page offers only forces of the unit's own faction; in another faction's force the
    # unit would no longer be found among its datasheets.
    "unit_move: into a force of another faction": Impossible(
        Edit("unit_move", ("u2",), {"force": "f2"}, prepare=with_sellswords), OTHER_FACTION
    ),
    "unit_reorder: a unit no longer in the list": Impossible(
        Edit("unit_reorder", ("u9",), {"step": "1"}), "That unit is no longer in the list."
    ),
    "force_add: an organization the module lacks": Impossible(
        Edit("force_add", data={"organization": "millford/fortress"}),
        "There is no force organization 'fortress'.",
    ),
    "force_add: a faction the module lacks": Impossible(
        Edit("force_add", data={"organization": "atlantis/patrol"}),
        "The module has no faction 'atlantis'.",
    ),
    "force_remove: a force the list lacks": Impossible(
        Edit("force_remove", ("f9",)), "That force organization is no longer in the list."
    ),
    "force_remove: moving its units into itself": Impossible(
        Edit("force_remove", ("f1",), {"move_to": "f1"}),
        "Choose another force organization to move the units to.",
    ),
    "force_remove: moving its units to a force the list lacks": Impossible(
        Edit("force_remove", ("f1",), {"move_to": "f9"}),
        "Choose another force organization to move the units to.",
    ),
    "force_remove: moving its units to a force of another faction": Impossible(
        Edit("force_remove", ("f2",), {"move_to": "f1"}, prepare=with_sellswords), OTHER_FACTION
    ),
    "force_focus: a focus the force's faction lacks": Impossible(
        Edit("force_focus", ("f2",), {"focus": "watch"}, prepare=with_allies),
        "Hollowmere has no focus 'watch'.",
    ),
    "force_focus: a force no longer in the list": Impossible(
        Edit("force_focus", ("f9",), {"focus": "watch"}),
        "That force organization is no longer in the list.",
    ),
    "legend_add: a legend the module lacks": Impossible(
        Edit("legend_add", data={"legend": "crown"}), "There is no legend 'crown'."
    ),
    "legend_add: for a unit no longer in the list": Impossible(
        Edit("legend_add", data={"legend": "old_banner", "unit": "u9"}),
        "That unit is no longer in the list.",
    ),
    "legend_remove: a legend no longer in the list": Impossible(
        Edit("legend_remove", (1,)), "That legend is no longer in the list."
    ),
}


@pytest.mark.parametrize("case", IMPOSSIBLE.values(), ids=IMPOSSIBLE.keys())
def test_an_impossible_edit_from_htmx_is_refused_with_the_reason(client, army_list, case):
    army_list = case.edit.ready(army_list)
    before = snapshot(army_list)

    response = case.edit.post(client, army_list, htmx=True)

    assert response.status_code == 400
    assert shows(response, case.reason)
    assert response["HX-Retarget"] == "#flash"
    assert is_fragment(response)
    assert snapshot(army_list) == before


@pytest.mark.parametrize("case", IMPOSSIBLE.values(), ids=IMPOSSIBLE.keys())
def test_an_impossible_edit_from_a_plain_form_shows_the_editor_with_the_reason(
    client, army_list, case
):
    army_list = case.edit.ready(army_list)
    before = snapshot(army_list)

    response = case.edit.post(client, army_list, htmx=False)

    assert response.status_code == 400
    assert shows(response, case.reason)
    assert 'id="editor"' in response.text
    assert snapshot(army_list) == before


# ---- malformed posts: 400 and nothing changes ---------------------------------------------


def malformed_for_every_endpoint():
    for url, edit in EVERY_ENDPOINT.items():
        yield pytest.param(edit, {"version": None}, "'version'", id=f"{url}: no version")
        yield pytest.param(edit, {"version": "two"}, "'version'", id=f"{url}: version 'two'")
        yield pytest.param(edit, {"version": ""}, "'version'", id=f"{url}: empty version")


MALFORMED_FIELDS = [
    # (edit, replaced fields, the field the message names)
    pytest.param(
        EVERY_ENDPOINT["settings"],
        {"points_limit": None},
        "'points_limit'",
        id="settings: no limit",
    ),
    pytest.param(
        EVERY_ENDPOINT["settings"],
        {"points_limit": "lots"},
        "'points_limit'",
        id="settings: limit 'lots'",
    ),
    pytest.param(
        EVERY_ENDPOINT["settings"], {"points_limit": "0"}, "'points_limit'", id="settings: limit 0"
    ),
    pytest.param(EVERY_ENDPOINT["settings"], {"name": None}, "'name'", id="settings: no name"),
    pytest.param(
        EVERY_ENDPOINT["settings"], {"name": "x" * 121}, "'name'", id="settings: name too long"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_add"], {"datasheet": None}, "'datasheet'", id="unit_add: no datasheet"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_add"],
        {"datasheet": "  "},
        "'datasheet'",
        id="unit_add: blank datasheet",
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_models"], {"count": None}, "'count'", id="unit_models: no count"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_models"],
        {"count": "seven"},
        "'count'",
        id="unit_models: count 'seven'",
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_models"], {"count": "-1"}, "'count'", id="unit_models: count -1"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_models"], {"count": "7.5"}, "'count'", id="unit_models: count 7.5"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_models"], {"model": None}, "'model'", id="unit_models: no model"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_option"], {"option": None}, "'option'", id="unit_option: no option"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_option"], {"count": "many"}, "'count'", id="unit_option: count 'many'"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_option"], {"count": "-2"}, "'count'", id="unit_option: count -2"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_rename"], {"name": None}, "'name'", id="unit_rename: no name"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_rename"], {"name": "x" * 81}, "'name'", id="unit_rename: name too long"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_specialty"],
        {"specialty": None},
        "'specialty'",
        id="unit_specialty: none sent",
    ),
    pytest.param(EVERY_ENDPOINT["unit_move"], {"force": None}, "'force'", id="unit_move: no force"),
    pytest.param(
        EVERY_ENDPOINT["unit_reorder"], {"step": None}, "'step'", id="unit_reorder: no step"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_reorder"], {"step": "up"}, "'step'", id="unit_reorder: step 'up'"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_reorder"], {"step": "2"}, "'step'", id="unit_reorder: step 2"
    ),
    pytest.param(
        EVERY_ENDPOINT["force_add"], {"organization": None}, "'organization'", id="force_add: none"
    ),
    pytest.param(
        EVERY_ENDPOINT["force_add"],
        {"organization": "patrol"},
        "'organization'",
        id="force_add: no faction/ prefix",
    ),
    pytest.param(
        EVERY_ENDPOINT["legend_add"], {"legend": None}, "'legend'", id="legend_add: no legend"
    ),
    pytest.param(
        EVERY_ENDPOINT["force_focus"], {"focus": None}, "'focus'", id="force_focus: no focus"
    ),
]


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
@pytest.mark.parametrize(
    ("edit", "fields", "named"), [*malformed_for_every_endpoint(), *MALFORMED_FIELDS]
)
def test_a_malformed_post_is_refused_naming_the_field_and_changes_nothing(
    client, army_list, edit, fields, named, htmx
):
    army_list = edit.ready(army_list)
    before = snapshot(army_list)

    response = edit.post(client, army_list, htmx=htmx, **fields)

    assert response.status_code == 400
    assert shows(response, named)
    assert snapshot(army_list) == before


# ---- someone else's list: 404 and nothing changes -----------------------------------------


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
@pytest.mark.parametrize("edit", EVERY_ENDPOINT.values(), ids=EVERY_ENDPOINT.keys())
def test_an_edit_of_someone_elses_list_is_not_found_and_changes_nothing(
    client, owner, strangers_list, edit, htmx
):
    strangers_list = edit.ready(strangers_list)
    before = snapshot(strangers_list)

    response = edit.post(client, strangers_list, htmx=htmx)

    assert response.status_code == 404
    assert "Not yours" not in response.text
    assert snapshot(strangers_list) == before


@pytest.mark.parametrize("edit", EVERY_ENDPOINT.values(), ids=EVERY_ENDPOINT.keys())
def test_an_edit_of_a_deleted_list_is_not_found(client, army_list, edit):
    from forgebuilder.armylists.services import army_list_delete

    army_list = edit.ready(army_list)
    army_list_delete(army_list=army_list)
    before = snapshot(army_list)

    response = edit.post(client, army_list, htmx=True)

    assert response.status_code == 404
    assert snapshot(army_list) == before


# ---- out-of-date pages: 409, the current list, and nothing changes ------------------------


def edited_in_another_tab(army_list):
    """Another tab renames the list; the page of this tab still shows the old version."""
    return change(
        army_list,
        lambda doc, cat: edits.update_settings(
            doc,
            cat,
            name="Renamed elsewhere",
            points_limit=doc.points_limit,
            focus=doc.focus,
            casual=doc.casual,
        ),
        label="Change list settings",
    )


@pytest.mark.parametrize("edit", EVERY_ENDPOINT.values(), ids=EVERY_ENDPOINT.keys())
def test_an_htmx_edit_from_an_out_of_date_page_is_refused_with_the_current_list(
    client, army_list, edit
):
    page = edit.ready(army_list)
    current = edited_in_another_tab(page)
    before = snapshot(current)

    response = edit.post(client, page, htmx=True)

    assert response.status_code == 409
    assert snapshot(current) == before
    assert response["HX-Retarget"] == "#editor"
    assert response["HX-Reswap"] == "outerHTML"
    assert top_level_ids(response) == ["editor"]
    assert STALE in response.text
    assert "Renamed elsewhere" in response.text
    assert list_version_shown(response) == current.version


@pytest.mark.parametrize("edit", EVERY_ENDPOINT.values(), ids=EVERY_ENDPOINT.keys())
def test_a_plain_edit_from_an_out_of_date_page_is_refused_with_the_current_list(
    client, army_list, edit
):
    page = edit.ready(army_list)
    current = edited_in_another_tab(page)
    before = snapshot(current)

    response = edit.post(client, page, htmx=False)

    assert response.status_code == 409
    assert snapshot(current) == before
    assert response.text.lstrip().lower().startswith("<!doctype html>")
    assert STALE in response.text
    assert "Renamed elsewhere" in response.text
    assert list_version_shown(response) == current.version


def test_two_tabs_editing_the_same_list_lose_no_change(client, army_list):
    """Both tabs show version 1; the first edit wins, the second is refused, not lost silently."""
    first = Edit("unit_models", ("u2",), {"model": "spearman", "count": "7"})
    second = Edit("unit_models", ("u2",), {"model": "spearman", "count": "9"})

    assert first.post(client, army_list, htmx=True).status_code == 200
    refused = second.post(client, army_list, htmx=True)

    assert refused.status_code == 409
    assert document_of(army_list).unit("u2").models == {"spearman": 7}
    stepper = [
        e
        for e in elements(refused).elements
        if e.tag == "input" and e.attrs.get("aria-label") == "Spearman count"
    ]
    assert stepper, "the refused tab now shows the stepper of the current list"
    assert 'name="typed" value="7"' in refused.text
