"""Rule text of the real Battle Forge data (Mystic Realms, from the shared folder; skipped when
it is absent) as players read it: the rules its data names but never defines are shown by name
with a kind note, never "(not found)", and its `_Infantry_` and `*bold*` marks are rendered in the
editor and the share page and never printed raw in the PDF (cards and glossary)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from factions.cards import NO_RULE_TEXT
from forgebuilder.lists import edits
from forgebuilder.lists.exports import PAPERS, roster_pdf, source_from_evaluated
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.lists.services import army_list_create
from forgebuilder.lists.sharing import share_link_create

from .pdfread import page_texts

# The Dragon's rules name Damage Chart, which the published data never defines; the others
# carry rules whose text marks keywords (_Infantry_, _Ambush Reserves_...).
UNITS = ("vampire_lord_dragon", "necromancer", "skeletons", "zombies", "vampire_knights")
# markup a player must never see: _emphasis_ or *strong* around a word
RAW_MARKUP = re.compile(r"(?<![\w/])_[A-Za-z][^_<>]*_(?!\w)|\*{1,2}[A-Za-z][^*<>]*\*{1,2}")


@pytest.fixture
def night_court(db, player, import_bf_module):
    catalog = import_bf_module("fantasy-realms")  # skipped where the data is absent
    document = edits.new_document(
        catalog, faction="vampire_lords", name="Night Court", points_limit=2000, casual=False
    )
    for datasheet in UNITS:
        document, _ = edits.add_unit(document, catalog, datasheet=datasheet, force="f1")
    return army_list_create(owner=Owner(player.pk, ""), catalog=catalog, document=document)


def rule_texts(html: str) -> str:
    """What the page's rule chips say: their short and full texts and their tooltips."""
    parts = re.findall(r'<div class="rule-text">(.*?)</div>', html, re.S)
    parts += re.findall(r'<span class="rule-short">(.*?)</span>', html, re.S)
    parts += re.findall(r'<summary title="([^"]*)"', html)
    return "\n".join(parts)


def test_the_editor_shows_the_real_datas_gaps_kindly_and_renders_its_markup(client, night_court):
    html = client.get(reverse("armylists:editor", args=[night_court.public_id])).text

    assert "(not found)" not in html
    assert NO_RULE_TEXT in html  # Damage Chart, by name
    texts = rule_texts(html)
    assert "<em>" in texts  # the marks became emphasis
    assert not RAW_MARKUP.search(texts), RAW_MARKUP.search(texts)


def test_the_share_page_shows_the_real_datas_gaps_kindly_and_renders_its_markup(
    client, night_court
):
    link = share_link_create(army_list=night_court, kind="live")

    html = client.get(reverse("armylists:shared", args=[link.token])).text

    assert "(not found)" not in html
    assert NO_RULE_TEXT in html
    assert "<em>" in rule_texts(html)
    assert not RAW_MARKUP.search(rule_texts(html))


@pytest.mark.pdf
def test_the_pdf_prints_the_real_datas_rules_without_markup_or_not_found(night_court):
    source = source_from_evaluated(evaluated_list(army_list=night_court))

    text = " ".join(page_texts(roster_pdf(source, paper=PAPERS["a4"])))

    assert "(not found)" not in text
    assert NO_RULE_TEXT in text
    assert not RAW_MARKUP.search(text), text[RAW_MARKUP.search(text).start() - 300 :][:500]
    assert "*" not in text
