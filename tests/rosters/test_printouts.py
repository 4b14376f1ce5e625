"""A foreign roster's printouts: its roster (every unit's card from its profiles, the rules said
once) and its token sheet (a token per model, named), drawn for every real roster as HTML (what
WeasyPrint is given, no Pango needed) and as a PDF for a handful, and served to the owner and by
the share link through the PDF workers as a list's printouts are."""

from __future__ import annotations

import html
from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import reverse

from forgebuilder.lists.ownership import Owner
from forgebuilder.printing.api import PAPERS, render
from forgebuilder.rosters.printouts import roster_html, tokens_html
from forgebuilder.rosters.selectors import KeptRoster
from forgebuilder.rosters.services import roster_keep, roster_share
from tests.armylists.exports.pdfread import page_texts
from tests.rosters.conftest import ROSTER_DIR, every_roster, own_counts, read
from tests.rosters.small import small_roster

A4 = PAPERS["a4"]
#: Drawn as PDFs on every run: one of each builder and game, the smallest of their kind.
HANDFUL = (
    "40k9th/CSMTest.rosz",
    "AoS4/Belakor and Fiends.rosz",
    "mesbg/MESBG Mordor 750 With Troll.ros",
)


def kept(roster) -> KeptRoster:
    return KeptRoster(SimpleNamespace(name=roster.name, public_id="p", content={}), roster)


@pytest.mark.parametrize("relative", every_roster())
def test_every_real_roster_prints_every_unit_and_a_token_per_model(relative):
    names, models, _points = own_counts(relative)
    roster = kept(read(relative))

    printed = html.unescape(roster_html(roster, paper=A4))
    tokens = tokens_html(roster, paper=A4, size=25)

    assert all(name in printed for name in names)
    assert "forgebuilder does not host this game's rules" in printed
    assert tokens.count('<div class="tk">') == models


def test_the_roster_names_each_card_s_rules_and_says_each_rule_once():
    printed = html.unescape(roster_html(kept(small_roster()), paper=A4))

    assert printed.count("Never flees.") == 1
    assert printed.count("Rerolls 1s in the first round.") == 1
    assert "New Recruit marks 'Cinder Drake' as Illegal Units" in printed


def test_tokens_are_named_after_their_models():
    tokens = tokens_html(kept(small_roster()), paper=A4, size=32)

    assert tokens.count("<span>Warden</span>") == 4
    assert tokens.count("<span>Warden Sergeant</span>") == 1
    assert tokens.count("<span>Cinder Drake</span>") == 1
    assert "6 tokens of 32 mm" in tokens


@pytest.mark.pdf
@pytest.mark.parametrize("relative", HANDFUL)
def test_a_handful_of_real_rosters_print_as_pdfs(relative):
    if not (ROSTER_DIR / relative).is_file():
        pytest.skip(f"BattleScribe roster {relative} not found in {ROSTER_DIR}")
    roster = kept(read(relative))

    text = " ".join(page_texts(render.write_pdf(roster_html(roster, paper=A4))))

    assert read(relative).name in text
    assert own_counts(relative)[0][0] in text


@pytest.mark.pdf
def test_the_owner_and_the_share_link_get_the_pdfs_from_the_workers(
    client,
    db,
    run_renders,
    render_calls,
):
    session = client.session
    session["forgebuilder_owner"] = "the-visitor"  # the session a visitor's lists belong to
    session.save()
    owner = Owner(None, "the-visitor")
    row = roster_keep(owner=owner, roster=small_roster())
    token = roster_share(owner=owner, public_id=row.public_id)
    roster_pdf = reverse("rosters:foreign-roster_pdf", args=[row.public_id])
    tokens_pdf = reverse("rosters:shared_foreign-tokens_pdf", args=[token])
    assert Client().get(roster_pdf).status_code == 404  # another browser: not theirs

    waiting = client.get(roster_pdf)
    client.get(tokens_pdf + "?size=32")
    assert waiting.status_code == 202 and render_calls == []  # nothing drawn in a request
    run_renders()

    drawn = client.get(roster_pdf)
    sheet = Client().get(tokens_pdf + "?size=32")
    assert drawn.status_code == sheet.status_code == 200
    assert drawn["Content-Type"] == "application/pdf"
    assert 'filename="ashen-patrol.pdf"' in drawn["Content-Disposition"]
    assert "Ashen Patrol" in page_texts(drawn.content)[0]
    assert "Tokens for Ashen Patrol" in page_texts(sheet.content)[0]
    assert len(render_calls) == 2
    assert client.get(tokens_pdf + "?size=7").status_code == 400  # said: which sizes exist
