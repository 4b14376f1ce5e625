"""forgebuilder's text export read back: for a representative list of every starter module,
text export -> import -> text export gives the same text; unknown names are listed."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from factions.catalog import catalog_by_slug
from forgebuilder.engine.listdoc import ListDocument, campaign_state_left_behind
from forgebuilder.engine.rules import evaluate, resolve
from forgebuilder.lists import edits
from forgebuilder.lists.exports.source import ExportSource
from forgebuilder.lists.exports.text import list_text
from forgebuilder.lists.importers.detect import read_import

STARTERS = Path(__file__).resolve().parents[3] / "factions" / "game_modules"
STARTER_SLUGS = sorted(p.name for p in STARTERS.iterdir() if (p / "module.yaml").is_file())


def text_of(document, catalog, *, full: bool = False) -> str:
    roster = resolve(document, catalog)
    return list_text(ExportSource(document, roster, evaluate(roster), ""), full=full)


def representative_list(catalog):
    """Up to five units of the first faction with a focus if it has one: extra models, a
    custom name in another script, the first choice of each option (as often as allowed
    by one model), a power specialty and a legend when the module has them."""
    faction = next(iter(catalog.spec.factions))
    focus = next(iter(catalog.focuses(faction)), None)
    document = edits.new_document(
        catalog, faction=faction, name="Ostmark – Vorhut", points_limit=None, casual=False,
        focus=focus,
    )  # fmt: skip
    sheets = list(catalog.spec.factions[faction].datasheets)[:5]
    for n, key in enumerate(sheets):
        document, unit_id = edits.add_unit(document, catalog, datasheet=key, force=None)
        sheet = catalog.datasheet(faction, key)
        for model in sheet.models:
            if model.max_count > model.min:
                document = edits.set_model_count(
                    document, catalog, unit_id=unit_id, model=model.id, count=model.min + 1
                )
        options = [*sheet.options, *(o for m in sheet.models for o in m.options)]
        for option in options:
            try:
                document = edits.set_option(
                    document, catalog, unit_id=unit_id, option=option.id,
                    choice=option.choices[0].id, count=1,
                )  # fmt: skip
            except edits.EditError:
                continue
        if n == 1:
            document = edits.rename_unit(document, unit_id=unit_id, name="Дружина Ёжика")
        specialties = list(catalog.power_specialties(faction))
        if specialties:
            with contextlib.suppress(edits.EditError):
                document = edits.set_specialty(
                    document, catalog, unit_id=unit_id, specialty=specialties[0]
                )
    legends = list(catalog.legends(faction))
    if legends:
        document = edits.add_legend(document, catalog, legend=legends[0], unit_id=None)
    return document


@pytest.mark.parametrize("slug", STARTER_SLUGS)
def test_text_export_import_export_is_identical(starter_modules, slug):
    catalog = catalog_by_slug(slug)
    document = representative_list(catalog)
    text = text_of(document, catalog)
    assert len(document.units) >= 2 and any(u.options for u in document.units)

    outcome = read_import(text)

    assert outcome.format_name == "forgebuilder text export"
    assert outcome.unmatched == ()
    assert text_of(outcome.document, catalog) == text


def test_unknown_units_and_options_are_listed_with_their_line(starter_modules):
    slug = STARTER_SLUGS[0]
    catalog = catalog_by_slug(slug)
    lines = text_of(representative_list(catalog), catalog).splitlines()
    first_unit = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    lines.insert(first_unit + 1, "9. Flying Teapot ×3 · 40 pts")
    lines[first_unit] = (
        lines[first_unit].replace(" · ", ": Golden Spoon · ", 1)
        if ": " not in lines[first_unit]
        else lines[first_unit].replace(": ", ": Golden Spoon, ", 1)
    )

    outcome = read_import("\n".join(lines))

    messages = {(u.place, u.message.split("“")[0]) for u in outcome.unmatched}
    assert (f"line {first_unit + 2}", "no datasheet of the faction matches ") in messages
    assert any(
        u.place == f"line {first_unit + 1}" and "Golden Spoon" in u.message
        for u in outcome.unmatched
    )


def test_a_second_force_and_an_allied_one_of_the_same_name_come_back(starter_modules):
    """Issue 38: two Musters of the Cinderhold and an allied Muster are headed "Muster (The
    Cinderhold, 1)", "Muster (The Cinderhold, 2)" and "Muster (The Ashen Covenant)"; the
    import read each title as an organization's name, found none and left the forces without
    their organization, each with the list's focus."""
    catalog = catalog_by_slug("ember-reach")
    document = edits.new_document(
        catalog, faction="cinderhold", name="Two Musters", points_limit=999, casual=False,
        focus="anvil_guard",
    )  # fmt: skip
    document, _ = edits.add_force(document, catalog, organization="muster", faction="cinderhold")
    document, ally = edits.add_force(
        document, catalog, organization="muster", faction="ashen_covenant"
    )
    document = edits.set_force_focus(document, catalog, force_id="f2", focus=None)
    for force in ("f1", "f2", ally):
        faction = document.force(force).faction
        sheet = next(iter(catalog.spec.factions[faction].datasheets))
        document, _ = edits.add_unit(document, catalog, datasheet=sheet, force=force)
    text = text_of(document, catalog)
    headings = [line.rpartition(" · ")[0] for line in text.splitlines() if line.startswith("==")]
    assert headings == [
        "== Muster (The Cinderhold, 1) (0 SP) · The Cinderhold, focus: Anvil Guard",
        "== Muster (The Cinderhold, 2) (0 SP) · The Cinderhold",
        "== Muster (The Ashen Covenant) (0 SP) · The Ashen Covenant, allied",
    ]

    outcome = read_import(text)

    assert outcome.unmatched == ()
    assert [(f.organization, f.faction, f.focus) for f in outcome.document.forces] == [
        ("muster", "cinderhold", "anvil_guard"),
        ("muster", "cinderhold", None),
        ("muster", "ashen_covenant", None),
    ]
    assert [u.force for u in outcome.document.units] == ["f1", "f2", "f3"]


RANKS = {
    "format": 1, "slug": "two-ranks", "name": "Two Ranks", "version": "1", "ruleset": "grimdark",
    "factions": {"clan": {"name": "Clan", "datasheets": {"warband": {
        "name": "Warband", "points": 40, "models": [
            {"id": "chief", "name": "Chief", "min": 1, "max": 2, "extra_model_points": 10,
             "stats": {"quality": 4, "defense": 4}},
            {"id": "brave", "name": "Brave", "min": 3, "max": 6, "extra_model_points": 5,
             "stats": {"quality": 5, "defense": 5}},
        ],
    }}}},
}  # fmt: skip


def test_each_model_types_count_comes_back_where_the_total_cannot_say_it(db, tmp_path):
    """A Warband of 1 Chief (1-2) and 4 Braves (3-6) is 5 models, as is one of 2 Chiefs and
    3 Braves: the text says each count, and the import takes them, not a guess."""
    import yaml

    from factions.gamedata.loader import load_module_path

    path = tmp_path / "two-ranks.yaml"
    path.write_text(yaml.safe_dump(RANKS), encoding="utf-8")
    load_module_path(path)
    catalog = catalog_by_slug("two-ranks")
    document = edits.new_document(
        catalog, faction="clan", name="Ranks", points_limit=999, casual=True
    )
    document, unit_id = edits.add_unit(document, catalog, datasheet="warband", force=None)
    document = edits.set_model_count(document, catalog, unit_id=unit_id, model="brave", count=4)
    text = text_of(document, catalog)
    assert "1. Warband ×5 (1 Chief, 4 Brave) · 45 pts" in text

    outcome = read_import(text)

    assert outcome.unmatched == ()
    assert outcome.document.units[0].models == {"chief": 1, "brave": 4}


def test_a_legend_comes_back_on_its_unit_among_units_of_the_same_name(starter_modules):
    """Two Runewrights, the legend on the second: its line says "(on Runewright)", which names
    both; the second's own line says it carries the legend, and the import reads that."""
    catalog = catalog_by_slug("ember-reach")
    document = edits.new_document(
        catalog, faction="cinderhold", name="Twins", points_limit=999, casual=True
    )
    for _ in range(2):
        document, unit_id = edits.add_unit(document, catalog, datasheet="runewright", force=None)
    legend = next(iter(catalog.legends("cinderhold")))
    document = edits.add_legend(document, catalog, legend=legend, unit_id=unit_id)

    outcome = read_import(text_of(document, catalog))

    assert outcome.unmatched == ()
    assert [(leg.legend, leg.unit) for leg in outcome.document.legends] == [(legend, "u2")]


def test_a_campaign_armys_text_says_what_it_leaves_out_and_the_import_names_it(starter_modules):
    """A campaign army's text marks its disbanded unit and says its units' campaign state is not
    in it; the import names that loss, as the JSON import does, and brings every unit back."""
    catalog = catalog_by_slug("ashen-stars")
    document = edits.new_document(
        catalog, faction="cinder_compact", name="Ashfall army", points_limit=1000, casual=False,
        doctrine="iron_vigil",
    )  # fmt: skip
    for key in ("lantern_marshal", "lightbearer_squad"):
        document, _ = edits.add_unit(document, catalog, datasheet=key, force=None)
    document = ListDocument.model_validate(
        {
            **document.to_json(),
            "units": [
                {**document.units[0].model_dump(), "campaign": {"xp": 5}},
                {**document.units[1].model_dump(), "campaign": {"status": "disbanded"}},
            ],
        }
    )
    text = text_of(document, catalog)
    assert "2. Lightbearer Squad ×10 · disbanded · 0 pts" in text
    assert "Campaign state on 2 units (XP, levels, traits, injuries) is not in this text." in text

    outcome = read_import(text)

    assert [u.message for u in outcome.unmatched] == [campaign_state_left_behind(2)]
    assert [u.datasheet for u in outcome.document.units] == ["lantern_marshal", "lightbearer_squad"]


def test_an_older_text_without_each_forces_focus_names_the_guess(starter_modules):
    """Before each force's heading said its focus, the second line named them all ("Anvil
    Guard, Deepdelver Lodge"): the import gives the first to each force and says so."""
    catalog = catalog_by_slug("ember-reach")
    document = edits.new_document(
        catalog, faction="cinderhold", name="Old", points_limit=999, casual=False,
        focus="anvil_guard",
    )  # fmt: skip
    document, force = edits.add_force(
        document, catalog, organization="muster", faction="cinderhold"
    )
    other = next(k for k in catalog.focuses("cinderhold") if k != "anvil_guard")
    document = edits.set_force_focus(document, catalog, force_id=force, focus=other)
    lines = text_of(document, catalog).splitlines()
    assert lines[1].endswith(f", focus: Anvil Guard, {catalog.focuses('cinderhold')[other].name}")
    older = "\n".join(  # the headings as they were: no focus
        f"{line.split(', focus: ')[0]} · {line.rpartition(' · ')[2]}"
        if line.startswith("==")
        else line
        for line in lines
    )

    outcome = read_import(older)

    assert [f.focus for f in outcome.document.forces] == ["anvil_guard", "anvil_guard"]
    assert [u.message for u in outcome.unmatched] == [
        "which force has which focus is not said; each took Anvil Guard"
    ]
