"""The catalogue pages: game modules, a module's factions and rules, a faction's datasheets as
cards printed the way their ruleset says, and one datasheet as a page or as an htmx fragment."""

from __future__ import annotations

import functools
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from factions.gamedata.files import read_module_source
from factions.gamedata.loader import game_module_load, load_module_path
from factions.gamedata.schemas import ModuleSpec
from factions.gamedata.validation import validate_source
from factions.models import GameModule
from tests.conftest import FIXTURES

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
INLINE = {"a", "abbr", "b", "em", "i", "small", "span", "strong"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class _Element(HTMLParser):
    """The text and the table rows of the element with one id (or of the whole page)."""

    def __init__(self, element_id: str | None) -> None:
        super().__init__(convert_charrefs=True)
        self.element_id = element_id
        self.depth = 0 if element_id else 1
        self.found = element_id is None
        self.text: list[str] = []
        self.tables: list[list[list[str]]] = []
        self.headings: list[str] = []
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._heading: list[str] | None = None

    def _gap(self, tag: str) -> None:
        # a new block or cell starts a new word, as on screen
        if tag not in INLINE:
            self.handle_data(" ")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self.depth:
            if dict(attrs).get("id") == self.element_id:
                self.depth, self.found = 1, True
            return
        self._gap(tag)
        if tag in VOID:
            return
        self.depth += 1
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self._row = []
            self.tables[-1].append(self._row)
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []
        elif tag in ("h1", "h2", "h3"):
            self._heading = []

    def handle_endtag(self, tag: str) -> None:
        if not self.depth or tag in VOID:
            return
        self._gap(tag)
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag in ("h1", "h2", "h3") and self._heading is not None:
            self.headings.append(" ".join("".join(self._heading).split()))
            self._heading = None
        self.depth -= 1

    def handle_data(self, data: str) -> None:
        if not self.depth:
            return
        self.text.append(data)
        for part in (self._cell, self._heading):
            if part is not None:
                part.append(data)


def element(html: str, element_id: str | None = None) -> _Element:
    parser = _Element(element_id)
    parser.feed(html)
    assert parser.found, f"no element with id {element_id!r}"
    return parser


def text(html: str, element_id: str | None = None) -> str:
    """The element's text as a reader sees it, whitespace collapsed."""
    return " ".join("".join(element(html, element_id).text).split())


def page(client, name: str, *args: str, **headers: str) -> str:
    response = client.get(reverse(f"factions:{name}", args=args), headers=headers)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def grimdark(db) -> GameModule:
    load_module_path(FIXTURES / "mini_grimdark.yaml")
    return GameModule.objects.get(slug="mini-dark")


# --- the module list ----------------------------------------------------------------------------


def test_the_module_list_shows_each_module_with_its_ruleset_and_factions(
    client, mini_module, grimdark
):
    html = page(client, "module_list")
    words = text(html)
    assert (
        "Mini Vale Two river towns and a band of sellswords. Battle Forge 4 factions v1.0" in words
    )
    assert "Mini Dark Two warbands fight over a dead moon. Grimdark Future 2 factions v0.1" in words
    assert reverse("factions:module_detail", args=["mini-vale"]) in html


def test_the_module_list_says_when_nothing_is_loaded(client):
    assert "No game modules are loaded yet." in text(page(client, "module_list"))


# --- a module -----------------------------------------------------------------------------------


def test_a_module_page_groups_factions_by_alliance_with_ally_badges(client, mini_module):
    html = page(client, "module_detail", "mini-vale")
    assert element(html).headings[:6] == [
        "Mini Vale v1.0",
        "Factions",
        "River League",
        "Millford",
        "Hollowmere",
        "Lone Powers Unaligned: takes no allies",
    ]
    words = text(html)
    assert "Sellswords Mercenaries: ally with anyone Free Blades" in words
    assert "Millford 4 datasheets" in words
    assert reverse("factions:faction_detail", args=["mini-vale", "hermit"]) in html


def test_a_module_page_shows_force_organizations_as_tables(client, mini_module, tmp_path):
    html = page(client, "module_detail", "mini-vale")
    words = text(html)
    assert "Patrol 0 SP A balanced force." in words and "Vanguard 1 SP" in words
    patrol, vanguard = element(html).tables[:2]
    assert patrol == [
        ["Category", "Min", "Max"],
        ["Hero", "1", "2"],
        ["Core", "1", "4"],
        ["Support", "0", "2"],
    ]
    assert vanguard[-1] == ["Support", "1", "3"]

    no_maximum = (
        (FIXTURES / "mini_module.yaml").read_text().replace("support: {max: 2}", "support: {}")
    )
    (tmp_path / "vale.yaml").write_text(no_maximum)
    load_module_path(tmp_path / "vale.yaml")
    patrol = element(page(client, "module_detail", "mini-vale")).tables[0]
    assert patrol[-1] == ["Support", "0", "–"]


def test_a_module_page_shows_legends_powers_by_specialty_and_rules(client, mini_module):
    html = page(client, "module_detail", "mini-vale")
    words = text(html)
    assert "Legends The Old Banner 10 pts Give one Hero the Steady rule." in words
    assert element(html).headings[-7:] == [
        "Legends",
        "The Old Banner 10 pts",
        "Powers",
        "Open to every caster",
        "Tide",
        "Ember",
        "Special rules",
    ]
    powers = [t for t in element(html).tables if t and t[0] == ["Power", "Cast", "Effect"]]
    assert [rows[1][:2] for rows in powers] == [["Mend", "6"], ["Wave", "5"], ["Spark", "5"]]
    assert "Tough(X) This model must lose X wounds before it is removed." in words
    assert "Steady Ignores the first Shock it would take each round." in words


def test_a_module_page_shows_doctrines_and_module_wide_strategies(client, grimdark):
    html = page(client, "module_detail", "mini-dark")
    words = text(html)
    assert (
        "Doctrines Standing Orders Universal Always available. Iron Vigil Hold the line." in words
    )
    strategies = next(t for t in element(html).tables if t[0][0] == "Strategy")
    assert strategies == [
        ["Strategy", "Cost", "Phase", "Effect"],
        ["Second Opinion Standing Orders", "1", "Any time", "Re-roll one die."],
        ["Dig In Iron Vigil", "0", "", "A unit on an objective gets +1 Defense."],  # 0, not "-"
    ]


# --- a faction ----------------------------------------------------------------------------------


def test_a_faction_page_groups_datasheets_by_category_as_cards(client, mini_module):
    html = page(client, "faction_detail", "mini-vale", "millford")
    headings = element(html, "datasheets").headings
    assert headings == ["Hero", "Captain", "River Witch", "Core", "Spearmen", "Levy Mob"]
    assert "Build a Millford list" in text(html)


def test_a_card_prints_the_stat_line_as_the_ruleset_says(client, mini_module):
    html = page(client, "faction_detail", "mini-vale", "millford")
    models, weapons = element(html, "sheet-captain").tables
    assert models[0] == ["Model", "#", "Mov", "Acc", "Str", "Sav", "Init", "Co"]
    assert models[1] == ["Captain", "1", '6"', "5", "6", "6", "6", "7"]
    assert models[2] == ["Tough(2) This model must lose X wounds before it is removed."]
    assert weapons == [
        ["Weapon", "Range", "A", "AP", "D", "Rules"],
        ["Spear", "Melee", "1", "0", "-", "-"],  # no Damage: "-"
    ]
    assert 'abbr title="Movement"' in html


def test_a_card_shows_rules_with_their_descriptions_and_keywords(client, mini_module):
    html = page(client, "faction_detail", "mini-vale", "millford")
    words = text(html, "sheet-captain")
    assert "Special rules Steady Ignores the first Shock it would take each round." in words
    assert words.endswith("Keywords: Human, Infantry")


def test_a_card_lists_options_with_their_prices(client, mini_module):
    html = page(client, "faction_detail", "mini-vale", "millford")
    words = text(html, "sheet-spearmen")
    assert "Spearman 5-10" in words
    assert (
        "Options Up to 5 more Spearman: each (+5 pts) "
        "Replace Spear with: Crossbow (+3 pts) · 1 per 5 models "
        "Veterans: upgrade with: Steady (+1 pts per model) · all models or none"
    ) in words


def test_a_card_notes_the_focuses_a_datasheet_needs(client, mini_module):
    html = page(client, "faction_detail", "mini-vale", "millford")
    assert "Levy Mob" in text(html, "sheet-levy_mob")
    assert "Only with: Levy" in text(html, "datasheets")


def test_a_faction_page_shows_focuses_strategies_legends_and_force_organizations(
    client, mini_module
):
    html = page(client, "faction_detail", "mini-vale", "millford")
    words = text(html)
    assert "Focuses Town Watch Only the disciplined march out. Levy Restricted" in words
    strategies = next(t for t in element(html).tables if t[0][0] == "Strategy")
    assert strategies[1] == [
        "Hold the Bridge Town Watch",
        "1",
        "activation",
        "A unit on Hold gains +1 Save this round.",
    ]
    assert "Legends The Old Banner 10 pts" in words  # the module's legends are the faction's too
    assert "Force organizations Patrol 0 SP" in words


def test_an_unaligned_faction_says_it_takes_no_allies(client, mini_module):
    assert "Lone Powers Takes no allies" in text(
        page(client, "faction_detail", "mini-vale", "hermit")
    )
    assert "Sellswords Allies with anyone" in text(
        page(client, "faction_detail", "mini-vale", "free_blades")
    )


def test_a_grimdark_card_prints_quality_and_defense_as_rolls(client, grimdark):
    html = page(client, "faction_detail", "mini-dark", "wardens")
    models, weapons = element(html, "sheet-warden_captain").tables
    assert models[:2] == [["Model", "#", "Qua", "Def"], ["Captain", "1", "3+", "4+"]]
    assert weapons == [
        ["Weapon", "Range", "A", "AP", "Rules"],
        ["Blade", "Melee", "2", "1", "Rending"],
        ["Plasma gun – Standard", '24"', "1", "2", "-"],
        ["Plasma gun – Overcharge", '18"', "1", "4", "-"],
    ]
    scav = element(page(client, "faction_detail", "mini-dark", "scavs"), "sheet-scav_gang")
    assert scav.tables[1][1] == ["Junk rifle (Rifle)", '24"', "1", "-", "-"]


# --- a datasheet --------------------------------------------------------------------------------


def test_a_datasheet_page_shows_its_card_in_the_site_layout(client, mini_module):
    html = page(client, "datasheet_detail", "mini-vale", "millford", "captain")
    assert html.lstrip().startswith("<!doctype html>")
    assert "<title>Captain · Millford · forgebuilder</title>" in html
    assert "Game data / Mini Vale / Millford /" in text(html)
    assert '<article class="datasheet"' in html


def test_htmx_gets_just_the_card(client, mini_module):
    html = page(client, "datasheet_detail", "mini-vale", "millford", "spearmen", **HTMX)
    assert html.lstrip().startswith('<article class="datasheet"')
    assert html.rstrip().endswith("</article>")
    assert "<html" not in html and "Breadcrumb" not in html
    assert "Replace Spear with" in text(html)


@pytest.mark.parametrize(
    "args",
    [
        ("mini-dale",),  # an unknown module
        ("mini-dale", "millford"),  # a faction of an unknown module
        ("mini-vale", "riverholm"),  # an unknown faction
        ("mini-vale", "millford", "knight"),  # an unknown datasheet
        ("mini-vale", "hollowmere", "captain"),  # another faction's datasheet
    ],
)
def test_unknown_modules_factions_and_datasheets_are_404(client, mini_module, args):
    name = {1: "module_detail", 2: "faction_detail", 3: "datasheet_detail"}[len(args)]
    assert client.get(reverse(f"factions:{name}", args=args)).status_code == 404


def test_catalogue_pages_only_answer_get(client, mini_module):
    url = reverse("factions:faction_detail", args=["mini-vale", "millford"])
    assert client.post(url).status_code == 405


def test_a_cached_catalogue_serves_a_faction_page_in_one_query(
    client, mini_module, django_assert_num_queries
):
    url = reverse("factions:faction_detail", args=["mini-vale", "millford"])
    client.get(url)
    with django_assert_num_queries(1):  # the module's revision
        assert client.get(url).status_code == 200


def test_a_reload_that_changes_the_module_shows_on_the_next_request(client, mini_module, tmp_path):
    url = reverse("factions:faction_detail", args=["mini-vale", "millford"])
    assert "30 pts" in text(client.get(url).content.decode(), "sheet-captain")
    changed = (FIXTURES / "mini_module.yaml").read_text().replace("points: 30", "points: 35")
    (tmp_path / "vale.yaml").write_text(changed)
    load_module_path(tmp_path / "vale.yaml")
    assert "35 pts" in text(client.get(url).content.decode(), "sheet-captain")


# --- names are escaped --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name_args",
    [
        ("module_list",),
        ("module_detail", "hostile"),
        ("faction_detail", "hostile", "rogues"),
        ("datasheet_detail", "hostile", "rogues", "boss"),
    ],
)
def test_names_with_markup_are_shown_as_text(client, name_args):
    load_module_path(FIXTURES / "hostile_names.yaml")
    html = page(client, *name_args)
    assert "<script>alert(" not in html
    assert "<img src=x" not in html and "<b>Hero</b>" not in html
    assert "&lt;script&gt;alert(" in html


# --- every starter module renders ---------------------------------------------------------------


@functools.cache
def starter_spec(folder: Path) -> ModuleSpec:
    return validate_source(read_module_source(folder))


STARTER_PAGES = [
    pytest.param(folder, faction.stem, id=f"{folder.name}/{faction.stem}")
    for folder in sorted(settings.STARTER_MODULES_DIR.iterdir())
    if folder.is_dir()
    for faction in sorted((folder / "factions").glob("*.yaml"))
]


def test_every_starter_faction_is_rendered():
    assert len(STARTER_PAGES) >= 15


@pytest.mark.parametrize(("folder", "faction"), STARTER_PAGES)
def test_every_starter_faction_page_and_its_datasheets_render(client, folder, faction):
    spec = starter_spec(folder)
    game_module_load(spec=spec)
    html = page(client, "module_detail", spec.slug)
    assert spec.factions[faction].name in text(html)
    html = page(client, "faction_detail", spec.slug, faction)
    sheets = spec.factions[faction].datasheets
    cards = element(html, "datasheets").headings
    assert all(sheet.name in cards for sheet in sheets.values())
    for key in sheets:
        assert page(client, "datasheet_detail", spec.slug, faction, key, **HTMX)
