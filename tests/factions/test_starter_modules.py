"""The starter modules forgebuilder ships: one per ruleset, loaded by `load_starter_modules` (which
`make run` calls) and shown in the catalogue; Ember Reach shows off every Battle Forge feature."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db.models import Count
from django.urls import reverse

from factions.catalog import Catalog, catalog_for, focus_allows
from factions.gamedata.files import read_module_source
from factions.gamedata.validation import validate_source
from factions.models import Faction, GameModule
from tests.conftest import REPO

pytestmark = pytest.mark.django_db

STARTERS = {
    "ashen-stars": "grimdark",
    "ember-reach": "battleforge",
    "hollow-marches": "wargame",
    "iron-squads": "battle_rules",
    "shard-skirmish": "skirmish",
}


# The tests of the command run it; those that only read what it wrote take `starter_modules`
# (its rows, read once per session: tests/conftest.py).
def load_starters() -> str:
    out = StringIO()
    call_command("load_starter_modules", stdout=out, stderr=out)
    return out.getvalue()


def test_load_starter_modules_loads_one_module_per_ruleset():
    out = load_starters()
    assert [line for line in out.splitlines() if line.startswith("Module")] == [
        f"Module '{slug}' created." for slug in STARTERS
    ]
    assert dict(GameModule.objects.values_list("slug", "ruleset")) == STARTERS


def test_each_starter_module_has_three_factions_of_eight_datasheets(starter_modules):
    sizes = Faction.objects.annotate(sheets=Count("datasheets")).values_list(
        "module__slug", "key", "sheets"
    )
    factions: dict[str, list[str]] = {}
    for slug, key, sheets in sizes:
        assert sheets >= 8, f"{slug}/{key} has {sheets} datasheets"
        factions.setdefault(slug, []).append(key)
    assert {slug: len(keys) >= 3 for slug, keys in factions.items()} == dict.fromkeys(
        STARTERS, True
    )


def test_loading_the_starter_modules_again_changes_nothing():
    load_starters()
    assert load_starters().splitlines() == [f"Module '{slug}' unchanged." for slug in STARTERS]


def test_make_run_loads_the_starter_modules_before_serving():
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^run: .*\bstarter-modules\b", makefile, re.M)
    assert re.search(r"^starter-modules:.*\n\t.*manage\.py load_starter_modules$", makefile, re.M)


def test_the_starter_modules_show_in_the_catalogue(client, starter_modules):
    page = client.get(reverse("factions:module_list")).content.decode()
    for module in GameModule.objects.all():
        assert module.name in page
        assert reverse("factions:module_detail", args=[module.slug]) in page


# --- Ember Reach, the Battle Forge module -------------------------------------------------------


@pytest.fixture(scope="module")
def ember() -> Catalog:
    """Ember Reach as the catalogue reads it (the same spec the loader stores)."""
    spec = validate_source(read_module_source(settings.STARTER_MODULES_DIR / "ember-reach"))
    return Catalog(module_id=0, revision=0, spec=spec)


def factions_of_kind(catalog: Catalog, kind: str) -> list[str]:
    return [
        key
        for key, faction in catalog.spec.factions.items()
        if faction.alliance and catalog.spec.alliances[faction.alliance].kind == kind
    ]


def test_ember_reach_has_an_unaligned_and_a_mercenary_faction(ember):
    assert factions_of_kind(ember, "unaligned")
    assert factions_of_kind(ember, "mercenaries")


def test_ember_reach_lets_at_least_two_factions_ally(ember):
    by_alliance: dict[str, list[str]] = {}
    for key, faction in ember.spec.factions.items():
        by_alliance.setdefault(faction.alliance or "", []).append(key)
    standard = [
        keys
        for alliance, keys in by_alliance.items()
        if alliance and ember.spec.alliances[alliance].kind == "standard"
    ]
    assert max(len(keys) for keys in standard) >= 2


def test_ember_reach_has_a_restricted_focus_that_forbids_some_units_and_allows_others(ember):
    found = []
    for key in ember.spec.factions:
        for focus_key, focus in ember.focuses(key).items():
            if not focus.restricted:
                continue
            sheets = ember.spec.factions[key].datasheets.values()
            forbids = [
                s.name
                for s in sheets
                if focus_allows(s.focuses, None, False)
                and not focus_allows(s.focuses, focus_key, True)
            ]
            only_it = [
                s.name
                for s in sheets
                if focus_allows(s.focuses, focus_key, True)
                and not focus_allows(s.focuses, None, False)
            ]
            if forbids and only_it:
                found.append(focus_key)
    assert found


def test_ember_reach_has_legends_strategies_and_powers_with_specialties(ember):
    spec = ember.spec
    assert spec.legends and any(f.legends for f in spec.factions.values())
    assert spec.strategies and any(f.strategies for f in spec.factions.values())
    specialties = {p.specialty for p in spec.powers.values()}
    assert None in specialties  # powers open to every caster
    assert len(specialties - {None}) >= 2
    assert specialties - {None} <= set(spec.power_specialties)


def test_ember_reach_force_organizations_cost_different_strategy_points(ember):
    costs = {org.cost for org in ember.spec.force_organizations.values()}
    assert len(costs) >= 2
    assert 0 in costs


def test_ashen_stars_sets_the_composition_limits_grimdark_players_know():
    load_starters()
    params = catalog_for(GameModule.objects.get(slug="ashen-stars")).params

    # one hero per 375 points, 1 + 1 copies per 750, no unit above 35%, one unit per 150
    assert (
        params.heroes_per_points,
        params.copies_per_points,
        params.unit_max_share,
        params.units_per_points,
    ) == (375, 750, 35, 150)
