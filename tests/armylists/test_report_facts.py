"""A fact the engine decides has one home on its report, and every page shows that answer.

"Over the limit" is `Total.over` of the report's points total: the editor's points meter, the
share page and the printed roster all show it from there (none compares the numbers again).
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from factions.catalog import catalog_for
from forgebuilder.engine.listdoc import POINTS_LIMIT_MAX, POINTS_LIMIT_MIN, clamp_points_limit
from forgebuilder.engine.rules.base import Total
from forgebuilder.lists import edits, exports
from forgebuilder.lists.forms import NewListForm
from forgebuilder.lists.ownership import SESSION_KEY, Owner
from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.lists.services import army_list_create
from forgebuilder.lists.sharing import share_link_create
from tests.conftest import REPO


def owner_client() -> Client:
    client = Client()
    session = client.session
    session[SESSION_KEY] = "owner-token"
    session.save()
    return client


def list_costing_55(mini_module, limit: int):
    """A Captain and Spearmen (55 points) under `limit`."""
    catalog = catalog_for(mini_module)
    document = edits.new_document(
        catalog, faction="millford", name="Bridge", points_limit=limit, casual=False
    )
    for sheet in ("captain", "spearmen"):
        document, _ = edits.add_unit(document, catalog, datasheet=sheet, force="f1")
    return army_list_create(owner=Owner(None, "owner-token"), catalog=catalog, document=document)


def editor_says_over(army_list) -> bool:
    html = owner_client().get(reverse("armylists:editor", args=[army_list.public_id]))
    return 'class="points-meter over"' in html.content.decode()


def share_page_says_over(army_list) -> bool:
    link = share_link_create(army_list=army_list, kind="live")
    html = Client().get(reverse("armylists:shared", args=[link.token])).content.decode()
    return "over the limit" in html


def printout_says_over(army_list) -> bool:
    source = exports.source_from_evaluated(evaluated_list(army_list=army_list))
    return 'class="points-box over"' in exports.roster_html(source, paper=exports.PAPERS["a4"])


PAGES = {
    "editor": editor_says_over,
    "share page": share_page_says_over,
    "printed roster": printout_says_over,
}


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize(
    ("limit", "over"),
    [
        (56, False),  # one point to spare
        (55, False),  # exactly at the limit
        (54, True),  # one point over
    ],
)
def test_every_page_says_over_the_limit_as_the_report_does(mini_module, page, limit, over):
    army_list = list_costing_55(mini_module, limit)
    report = evaluated_list(army_list=army_list).report
    assert report.total("points").over is over
    assert PAGES[page](army_list) is over


@pytest.mark.parametrize("page", PAGES)
def test_changing_the_one_rule_for_over_the_limit_changes_every_page(
    mini_module, monkeypatch, page
):
    # a house rule "the limit itself is already too much", changed in its one home
    army_list = list_costing_55(mini_module, 55)
    monkeypatch.setattr(
        Total, "over", property(lambda t: t.limit is not None and t.value >= t.limit)
    )
    assert PAGES[page](army_list) is True


# --- the points-limit bounds: one home (listdoc), every page and reader takes them from there


def test_no_code_writes_the_points_limit_bounds_but_their_home():
    # the bounds lived in 7 places; a second copy would drift
    homes = []
    for root in ("forgebuilder", "templates"):
        for path in sorted((REPO / root).rglob("*")):
            # (a migration records the field as it was made: history, not a second home)
            skipped = {"settings", "migrations"} & set(path.parts)
            if path.suffix in (".py", ".html") and not skipped:
                text = path.read_text(encoding="utf-8")
                if "100_000" in text or "100000" in text:
                    homes.append(path.relative_to(REPO).as_posix())
    assert homes == ["forgebuilder/engine/listdoc.py"]


def test_the_editor_the_new_list_form_the_edits_and_the_importers_share_the_bounds(mini_module):
    army_list = list_costing_55(mini_module, 100)
    html = owner_client().get(reverse("armylists:editor", args=[army_list.public_id]))
    assert (
        f'name="points_limit" min="{POINTS_LIMIT_MIN}" max="{POINTS_LIMIT_MAX}"'
        in html.content.decode()
    )
    form = NewListForm(data={"faction": "mini-vale:millford", "points_limit": POINTS_LIMIT_MAX + 1})
    assert not form.is_valid() and "points_limit" in form.errors
    document = evaluated_list(army_list=army_list).document
    catalog = catalog_for(mini_module)
    with pytest.raises(edits.EditError, match=f"between {POINTS_LIMIT_MIN} and {POINTS_LIMIT_MAX}"):
        edits.update_settings(
            document, catalog, name="x", points_limit=POINTS_LIMIT_MAX + 1, focus=None,
            casual=False, doctrine=None,
        )  # fmt: skip
    assert edits.update_settings(
        document, catalog, name="x", points_limit=POINTS_LIMIT_MAX, focus=None, casual=False,
        doctrine=None,
    ).points_limit == POINTS_LIMIT_MAX  # fmt: skip
    assert clamp_points_limit(POINTS_LIMIT_MAX * 3) == POINTS_LIMIT_MAX
    assert clamp_points_limit(-5) == POINTS_LIMIT_MIN
