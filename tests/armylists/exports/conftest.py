"""Fixtures of the export tests: the ember-reach starter module and a realistic list of it."""

from __future__ import annotations

import pytest
from django.core.cache import caches

from tests.armylists.views.conftest import make_list, owner  # noqa: F401
from tests.conftest import REPO, write_module_rows

EMBER_REACH = REPO / "factions" / "game_modules" / "ember-reach"


@pytest.fixture(autouse=True)
def _empty_render_cache():
    """Every test starts with no rendered PDF kept (the cache is a directory shared by tests)."""
    caches["renders"].clear()
    caches["default"].clear()  # and no marker of a render queued by an earlier test
    yield
    caches["renders"].clear()


@pytest.fixture
def ember_catalog(ember_reach):
    """Ember Reach's catalogue (its rows read once per session: tests/conftest.py)."""
    from factions.catalog import catalog_for

    return catalog_for(ember_reach)


def choice(catalog, faction: str, datasheet: str, option: str, index: int = 0) -> str:
    _, spec = catalog.datasheet(faction, datasheet).option(option)
    return spec.choices[index].id


def ember_document(catalog):
    """A Cinderhold list of 8 units with options, a renamed hero, a caster, a legend and a
    Mirewind allied contingent: what a player brings to a 350-point game."""
    from forgebuilder.lists import edits as e

    d = e.new_document(
        catalog, faction="cinderhold", name="Emberstone Oath", points_limit=350,
        casual=False, focus="anvil_guard",
    )  # fmt: skip
    d, thane = e.add_unit(d, catalog, datasheet="forge_thane", force="f1")
    d = e.rename_unit(d, unit_id=thane, name="Thane Brokka Emberhand")
    d = _take(d, catalog, thane, "forge_thane", "thane_weapon", index=1)
    d = _take(d, catalog, thane, "forge_thane", "thane_shield")
    d, rune = e.add_unit(d, catalog, datasheet="runewright", force="f1")
    d = _take(d, catalog, rune, "runewright", "runewright_mastery")
    d = e.set_specialty(d, catalog, unit_id=rune, specialty="embercraft")
    d, guard = e.add_unit(d, catalog, datasheet="hearthguard", force="f1")
    d = e.set_model_count(d, catalog, unit_id=guard, model="hearthguard", count=5)
    d = _take(d, catalog, guard, "hearthguard", "hearthguard_shields")
    d = _take(d, catalog, guard, "hearthguard", "hearthguard_banner")
    d, guns = e.add_unit(d, catalog, datasheet="firelock_company", force="f1")
    d = e.set_model_count(d, catalog, unit_id=guns, model="firelocker", count=5)
    d = _take(d, catalog, guns, "firelock_company", "firelocker_volley_gun")
    d, _ = e.add_unit(d, catalog, datasheet="anvil_veterans", force="f1")
    d, _ = e.add_unit(d, catalog, datasheet="tunnel_sappers", force="f1")
    d, allied = e.add_force(d, catalog, organization="allied_contingent", faction="mirewind")
    d, reeds = e.add_unit(d, catalog, datasheet="reedbow_skirmishers", force=allied)
    d = _take(d, catalog, reeds, "reedbow_skirmishers", "reedbow_cloaks", faction="mirewind")
    d, _ = e.add_unit(d, catalog, datasheet="marsh_warden", force=allied)
    d = e.add_legend(d, catalog, legend="anvil_of_first_fire", unit_id=rune)
    return d


def _take(d, catalog, unit_id, datasheet, option, *, index=0, faction="cinderhold"):
    from forgebuilder.lists import edits as e

    picked = choice(catalog, faction, datasheet, option, index)
    return e.set_option(d, catalog, unit_id=unit_id, option=option, choice=picked, count=1)


@pytest.fixture
def player(django_user_model, client):
    user = django_user_model.objects.create_user("marshal", password="x")
    client.force_login(user)
    return user


@pytest.fixture
def ember_list(ember_catalog, player):
    """The player's list (the test client is signed in as its owner)."""
    from forgebuilder.lists.ownership import Owner
    from forgebuilder.lists.services import army_list_create

    return army_list_create(
        owner=Owner(player.pk, ""), catalog=ember_catalog, document=ember_document(ember_catalog)
    )


@pytest.fixture
def ember_source(ember_list):
    from forgebuilder.lists.exports import source_from_evaluated
    from forgebuilder.lists.selectors import evaluated_list

    return source_from_evaluated(evaluated_list(army_list=ember_list))


@pytest.fixture
def river_list(mini_catalog, player):
    """A small legal list of the test module (mini-vale): a Captain and Spearmen."""
    from forgebuilder.lists import edits as e
    from forgebuilder.lists.ownership import Owner
    from forgebuilder.lists.services import army_list_create

    d = e.new_document(
        mini_catalog, faction="millford", name="River Patrol", points_limit=150, casual=False
    )
    d, _ = e.add_unit(d, mini_catalog, datasheet="captain", force="f1")
    d, _ = e.add_unit(d, mini_catalog, datasheet="spearmen", force="f1")
    return army_list_create(owner=Owner(player.pk, ""), catalog=mini_catalog, document=d)


@pytest.fixture
def render_calls(monkeypatch):
    """Counts the PDFs WeasyPrint draws (every printout goes through render.write_pdf)."""
    from forgebuilder.printing import render

    calls = []
    real = render.write_pdf

    def counting(html: str, **pictures) -> bytes:
        calls.append(html)
        return real(html, **pictures)

    monkeypatch.setattr(render, "write_pdf", counting)
    return calls


@pytest.fixture
def live_link(ember_list):
    from forgebuilder.lists.models import ShareLink
    from forgebuilder.lists.sharing import share_link_create

    return share_link_create(army_list=ember_list, kind=ShareLink.LIVE)


@pytest.fixture
def stranger(django_user_model):
    """Another signed-in player's browser."""
    from django.test import Client

    client = Client()
    client.force_login(django_user_model.objects.create_user("stranger", password="x"))
    return client


SHEETS = ("hearthguard", "firelock_company", "anvil_veterans", "tunnel_sappers", "ember_kite",
          "forge_thane", "runewright", "cinder_crawler", "bulwark_battery")  # fmt: skip


@pytest.fixture
def long_source(ember_catalog):
    """26 units of every size with names of their own: many page breaks between cards."""
    from forgebuilder.engine.rules import evaluate, resolve
    from forgebuilder.lists import edits as e
    from forgebuilder.lists.exports import ExportSource

    d = e.new_document(
        ember_catalog, faction="cinderhold", name="Long March", points_limit=1000, casual=False
    )
    for i in range(26):
        d, unit = e.add_unit(d, ember_catalog, datasheet=SHEETS[i % len(SHEETS)], force="f1")
        d = e.rename_unit(d, unit_id=unit, name=f"Company {chr(65 + i)}{chr(65 + i)}")
    roster = resolve(d, ember_catalog)
    return ExportSource(d, roster, evaluate(roster))


@pytest.fixture
def guard_source(ember_catalog):
    """Units 2, 3 and 5 are the same Hearthguard; 4 has one more model, 6 another name."""
    from forgebuilder.engine.rules import evaluate, resolve
    from forgebuilder.lists import edits as e
    from forgebuilder.lists.exports import ExportSource

    d = e.new_document(
        ember_catalog, faction="cinderhold", name="Shield Wall", points_limit=1000, casual=False
    )
    d, _ = e.add_unit(d, ember_catalog, datasheet="forge_thane", force="f1")
    for _ in range(2):
        d, _ = e.add_unit(d, ember_catalog, datasheet="hearthguard", force="f1")
    d, bigger = e.add_unit(d, ember_catalog, datasheet="hearthguard", force="f1")
    d = e.set_model_count(d, ember_catalog, unit_id=bigger, model="hearthguard", count=5)
    d, _ = e.add_unit(d, ember_catalog, datasheet="hearthguard", force="f1")
    d, named = e.add_unit(d, ember_catalog, datasheet="hearthguard", force="f1")
    d = e.rename_unit(d, unit_id=named, name="Oathsworn")
    roster = resolve(d, ember_catalog)
    return ExportSource(d, roster, evaluate(roster))


@pytest.fixture
def ashen_source(db, ashen_rows):
    """A Grimdark-style list (ashen-stars): other tokens than Battle Forge's."""
    from factions.catalog import catalog_for
    from factions.models import GameModule
    from forgebuilder.engine.rules import evaluate, resolve
    from forgebuilder.lists import edits as e
    from forgebuilder.lists.exports import ExportSource

    write_module_rows(ashen_rows)  # read once per session (tests/conftest.py)
    catalog = catalog_for(GameModule.objects.get(slug="ashen-stars"))
    d = e.new_document(
        catalog, faction="cinder_compact", name="Lamp Watch", points_limit=1000, casual=False
    )
    for sheet in ("lantern_marshal", "lightbearer_squad", "ember_grenadiers", "comet_riders"):
        d, _ = e.add_unit(d, catalog, datasheet=sheet, force=None)
    roster = resolve(d, catalog)
    return ExportSource(d, roster, evaluate(roster))


@pytest.fixture
def run_renders(db, monkeypatch):
    """Run the queued PDF renders now, as `manage.py db_worker --batch` does, then stop.

    The command's own worker loop, without the command's signal handlers and log handlers,
    which would outlive the test in this (pytest-xdist worker) process."""
    from django_tasks_db.management.commands import db_worker

    from tests.pdf_worker import pdf_worker

    # The worker closes connections it thinks stale; inside the test's transaction that would
    # close the test's own connection (PostgreSQL), so keep it for the test's duration.
    monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)

    def run() -> None:
        pdf_worker("test-worker").run()

    return run


@pytest.fixture
def fetch_pdf(client, run_renders):
    """GET a PDF the way a browser does: asked, prepared by the worker, asked again.

    The first answer must be the waiting page (202) unless the PDF was drawn before, in which
    case it comes at once from the render cache.
    """

    def fetch(url: str, *, by=None):
        browser = by or client
        response = browser.get(url)
        if response.status_code != 202:
            return response
        assert "Preparing your PDF" in response.content.decode()
        run_renders()
        return browser.get(url)

    return fetch
