"""Every datasheet of every module we ship or import, drawn in every registered printout and
read back from the PDF: names (a long one too), every stat of every model, and the rule text of
every rule a card names, its line breaks and bullet lists laid out as lines and its emphasis
marks never printed raw.

One list holds every datasheet of a module (a 999-point list; a force of each faction where the
ruleset has force organizations, else a list a faction), so a module costs one drawing per
printout, not one per datasheet. The starter modules are read once per
session (`starter_rows`), each Battle Forge module of the shared folder imported once per session
with the importer's service (`bf_module_rows`; skipped with its reason where the data is absent).
"""

from __future__ import annotations

import re

import pytest

from factions import markup
from forgebuilder.engine.api import evaluate, resolve
from forgebuilder.lists import edits
from forgebuilder.lists.exports import PAPERS, ExportSource
from forgebuilder.lists.exports.roster import alike_units, rule_glossary
from forgebuilder.lists.exports.tokens import columns_for, token_plan, token_rows
from forgebuilder.printing import registry

from .pdfread import reader

# every test here draws PDFs (needs Pango); the modules' rows are read from a database once
pytestmark = [pytest.mark.pdf, pytest.mark.django_db]

STARTERS = ("ashen-stars", "ember-reach", "hollow-marches", "iron-squads", "shard-skirmish")
BATTLE_FORGE = ("fantasy-realms", "space-wars", "wbh")
LONG_NAME = "Sergeant-Commander Maximiliana von Ravenscroft-Hargreaves of the Ninth Shield"  # 78
A4 = PAPERS["a4"]
OPTIONS = {"paper": "a4", "size": "25"}  # what a player's download form sends by default
BULLET = re.compile(r"^\s*[*•-]\s+")


@pytest.fixture(scope="module", params=STARTERS + BATTLE_FORGE)
def catalog(request):
    slug = request.param
    if slug in BATTLE_FORGE:
        [found] = request.getfixturevalue("bf_module_rows")(slug).catalogs
        return found
    rows = request.getfixturevalue("starter_rows")
    return next(c for c in rows.catalogs if c.slug == slug)


def module_sources(catalog) -> list[ExportSource]:
    """Lists holding every datasheet of the module, the first unit renamed LONG_NAME: one list
    where the ruleset has force organizations (a force of each faction), else one a faction."""
    factions = [(key, f) for key, f in catalog.spec.factions.items() if f.datasheets]
    together = catalog.ruleset.uses_force_organizations
    documents = []
    for fkey, faction in factions:
        if together and documents:
            orgs = catalog.force_organizations(fkey)
            document, force = edits.add_force(
                documents.pop(), catalog, organization=min(orgs, key=lambda k: orgs[k].cost),
                faction=fkey,
            )  # fmt: skip
        else:
            document = edits.new_document(
                catalog, faction=fkey, name=f"Every {faction.name}", points_limit=999, casual=True
            )
            force = document.forces[0].id if document.forces else None
        for key in faction.datasheets:
            document, unit = edits.add_unit(document, catalog, datasheet=key, force=force)
            if len(document.units) == 1:
                document = edits.rename_unit(document, unit_id=unit, name=LONG_NAME)
        documents.append(document)
    sources = []
    for document in documents:
        roster = resolve(document, catalog)
        sources.append(ExportSource(document, roster, evaluate(roster)))
    return sources


def raw_text(pdf: bytes) -> str:
    """The PDF's text, its lines kept (spaces of any width made one space)."""
    pages = (page.extract_text(orientations=0) or "" for page in reader(pdf).pages)
    return "\n".join(re.sub(r"[^\S\n]+", " ", page) for page in pages)


def flat(text: str) -> str:
    return " ".join(text.split())


def printed_lines(text: str) -> list[str]:
    """Rule text as a player reads it printed: its emphasis marks gone, one line per line of
    the source (a bullet list's items each on its own line, with a bullet)."""
    lines = []
    for line in markup.plain(text).split("\n"):
        if BULLET.match(line):
            line = "• " + BULLET.sub("", line)
        if line.strip():
            lines.append(flat(line))
    return lines


def stat_row(row) -> str:
    return flat(" ".join([row.count, *row.stats]))


def weapon_row(row) -> str:
    return flat(" ".join([row.range, *row.stats]))


# the text matrix of an italic run: its letters leaned (exports/pictures.py)
LEANED = re.compile(rb"1 0 0\.2 -1 [\d.]+ [\d.]+ Tm")
RAW_MARKS = re.compile(r"(?<!\w)[_*]\w[^_*\n]*[_*](?!\w)")


def check_roster(source: ExportSource, pdf: bytes, text: str) -> None:
    alike = alike_units(source)
    everything = flat(text)
    assert LONG_NAME in everything
    for units in alike:
        card = units.card
        assert flat(card.title) in everything, card.title
        for row in card.models:
            assert flat(row.name) in everything, (card.title, row.name)
            assert stat_row(row) in everything, (card.title, row.name, stat_row(row))
        for row in card.weapons:
            assert flat(row.name) in everything, (card.title, row.name)
            assert weapon_row(row) in everything, (card.title, row.name, weapon_row(row))
    glossary = text[text.index("Glossary") :]
    entries = rule_glossary(source, [u.card for u in alike], [u.unit for u in alike])
    for entry in entries:
        lines = printed_lines(entry.text) if entry.text else ["No text in the module."]
        assert lines[0][:40] in flat(glossary), (entry.name, lines[0])
        for line in lines[1:]:
            # each line of the source starts a printed line (a bullet item too)
            words = re.escape(line[:25]).replace(r"\ ", r"\s+")
            assert re.search(r"(^|\n)\s*" + words, glossary), (entry.name, line)
    assert not RAW_MARKS.search(flat(glossary))  # emphasis marks are never printed
    if any(markup.ITALIC.search(entry.text) for entry in entries):  # ... but shown: leaned
        streams = b"".join(page.get_contents().get_data() for page in reader(pdf).pages)
        assert LEANED.search(streams)


def check_compact(source: ExportSource, pdf: bytes, text: str) -> None:
    everything = flat(text)
    assert LONG_NAME in everything
    for units in alike_units(source):
        assert flat(units.card.title) in everything, units.card.title
        for row in units.card.models:
            assert stat_row(row) in everything, (units.card.title, row.name, stat_row(row))


def check_tokens(source: ExportSource, pdf: bytes, text: str) -> None:
    everything = flat(text)
    plan = token_plan(source)
    for row in token_rows(plan, cols=columns_for(A4, 25), size=25):
        for line in (*row.numbers.split("\n"), *row.text.split("\n")):
            assert flat(line) in everything, (row.kind.key, line)


CHECKS = {"roster": check_roster, "compact": check_compact, "tokens": check_tokens}


def test_every_printout_is_registered_here():
    assert sorted(CHECKS) == sorted(kind.key for kind in registry.printouts())


@pytest.mark.parametrize("printout", list(CHECKS))
def test_every_datasheet_prints_with_its_names_stats_and_rule_text(catalog, printout):
    sources = module_sources(catalog)
    assert sources, catalog.slug
    for source in sources:
        pdf = registry.draw(printout, source, OPTIONS)
        CHECKS[printout](source, pdf, raw_text(pdf))
