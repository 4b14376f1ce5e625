"""Rule text as players read it in the editor, on the share page and in the PDF: bold and
italic marks rendered (never printed raw), and a rule the source data never defines shown by
name with "(no rule text in the source data)", never "(not found)"."""

from __future__ import annotations

import pytest
from django.urls import reverse

from factions.cards import NO_RULE_TEXT, rule_chips
from factions.catalog import Catalog
from factions.gamedata.refs import Ref
from forgebuilder.lists.exports import PAPERS, roster_pdf
from forgebuilder.lists.sharing import share_link_create

from .pdfread import page_texts

MARKED = "Models with _Infantry_ strike *first* and **hard**."


@pytest.fixture
def marked_rules(monkeypatch):
    """Every rule's text carries markup; Hold Fast is a gap an import left ("(not found)")."""
    real = Catalog.rule

    def rule(self, faction_key, key):
        found = real(self, faction_key, key)
        if found is None:
            return None
        if key == "hold_fast":
            return found.model_copy(
                update={"name": "holdfast (not found)", "description": "no rule", "short": ""}
            )
        return found.model_copy(update={"description": MARKED})

    monkeypatch.setattr(Catalog, "rule", rule)


def test_a_rule_the_module_does_not_define_is_shown_by_name_with_a_kind_note(ember_catalog):
    chips = rule_chips(ember_catalog, "cinderhold", (Ref(id="no_such_rule"),))

    assert [(c.label, c.description) for c in chips] == [("no_such_rule", NO_RULE_TEXT)]


def test_the_editor_renders_markup_and_shows_gaps_kindly(client, ember_list, marked_rules):
    html = client.get(reverse("armylists:editor", args=[ember_list.public_id])).text

    assert "<em>Infantry</em> strike <strong>first</strong> and <strong>hard</strong>" in html
    assert "_Infantry_" not in html and "**hard**" not in html
    assert NO_RULE_TEXT in html
    assert "(not found)" not in html


def test_the_share_page_renders_markup_and_shows_gaps_kindly(client, ember_list, marked_rules):
    link = share_link_create(army_list=ember_list, kind="live")

    html = client.get(reverse("armylists:shared", args=[link.token])).text

    assert "<em>Infantry</em>" in html and "<strong>hard</strong>" in html
    assert "_Infantry_" not in html
    assert NO_RULE_TEXT in html
    assert "(not found)" not in html


@pytest.mark.pdf
def test_the_pdf_glossary_prints_rule_text_without_markup_characters(ember_source, marked_rules):
    pdf = roster_pdf(ember_source, paper=PAPERS["a4"])
    glossary = page_texts(pdf)[-1]

    assert "Models with Infantry strike first and hard." in " ".join(glossary.split())
    assert "_" not in glossary and "*" not in glossary
    assert f"holdfast {NO_RULE_TEXT}" in " ".join(glossary.split())
    assert "(not found)" not in glossary
