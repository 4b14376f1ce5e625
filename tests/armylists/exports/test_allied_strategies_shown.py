"""Issue 25, items 3 and 5 where players read them: the strategies an allied force brings, marked
with that force, and the reminder that abilities target only the user's faction, in the editor,
the share page, the table view and the PDF roster (the Emberstone Oath list has a Mirewind
Allied Contingent; Mirewind's strategies include Harpoon and Haul)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.lists.exports import PAPERS, roster_pdf
from forgebuilder.lists.models import ShareLink
from forgebuilder.lists.sharing import share_link_create

from .pdfread import page_texts

FROM_ALLIES = "from Allied Contingent (Mirewind Kith)"
REMINDER = "targets only units of its user"


def pages(client, army_list) -> dict[str, str]:
    link = share_link_create(army_list=army_list, kind=ShareLink.LIVE)
    urls = {
        "editor": reverse("armylists:editor", args=[army_list.public_id]),
        "table": reverse("armylists:table", args=[army_list.public_id]),
        "share": reverse("armylists:shared", args=[link.token]),
    }
    return {name: client.get(url).content.decode() for name, url in urls.items()}


def test_allied_strategies_and_the_reminder_show_on_every_page(client, ember_list):
    for name, html in pages(client, ember_list).items():
        assert "Harpoon and Haul" in html, name
        assert FROM_ALLIES in html, name
        assert html.count(REMINDER) == 1, name  # said once


@pytest.mark.pdf
def test_the_pdf_roster_prints_allied_strategies_and_the_reminder_once(ember_source):
    text = " ".join(page_texts(roster_pdf(ember_source, paper=PAPERS["a4"])))

    assert "Harpoon and Haul" in text
    assert FROM_ALLIES in text
    assert text.count(REMINDER) == 1
    assert "Allied forces".upper() in text.upper()


@pytest.fixture
def with_pre_game(ember_list):
    """The Emberstone Oath with Tide of Reeds (from its Mirewind allies) chosen before the game."""
    from forgebuilder.lists import edits

    from ..views.helpers import change

    return change(
        ember_list,
        lambda d, c: edits.set_pre_game_strategies(d, c, chosen=[("mirewind", "tide_of_reeds")]),
    )


def test_chosen_pre_game_strategies_and_round_one_show_on_every_page(client, with_pre_game):
    shown = pages(client, with_pre_game)

    # the editor lists the chosen ones among the list's notes, its totals bar the short label
    assert "<summary>Pre-game strategies (1)</summary>" in shown["editor"]
    assert '<dt title="Strategy points in round 1">SP in round 1</dt><dd>6' in shown["editor"]
    for name in ("table", "share"):
        assert "<h2>Pre-game strategies</h2>" in shown[name], name
        assert "<dt>Strategy points in round 1</dt><dd>6</dd>" in shown[name], name


@pytest.mark.pdf
def test_the_pdf_roster_prints_the_chosen_pre_game_strategies_and_round_one(with_pre_game):
    from forgebuilder.lists.exports import source_from_evaluated
    from forgebuilder.lists.selectors import evaluated_list

    source = source_from_evaluated(evaluated_list(army_list=with_pre_game))
    text = " ".join(page_texts(roster_pdf(source, paper=PAPERS["a4"])))

    # 8 a round, 1 for the allies, 1 for Tide of Reeds: 6 in round 1
    assert "6 STRATEGY POINTS IN ROUND 1 7 − 1 for pre-game strategies" in text
    assert "PRE-GAME STRATEGIES" in text.upper()
    assert "Tide of Reeds · 1 SP from Allied Contingent (Mirewind Kith)" in text
