"""The edits the editor's endpoint tests post (test_edit_endpoints.py, test_edit_refusals.py):
one `Edit` per way of calling an endpoint, the lists they are made on, and the legal edit of
each endpoint (`LEGAL`, `EVERY_ENDPOINT`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.urls import reverse

from forgebuilder.engine.listdoc import ListChoice, ListDocument, ListLegend
from forgebuilder.lists import edits

from .helpers import HTMX, change, stored

# Out-of-band parts every htmx answer to an edit carries; the problems panel and the marks of
# units with errors come where the edit moved them (test_tap_answers.py).
ALWAYS_OOB = {"totals", "undo", "list-version"}

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
