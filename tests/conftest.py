"""Fixtures shared by every test."""

from __future__ import annotations

import gc
import json
import os
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from pathlib import Path

import pytest
from django.core.management import call_command
from hypothesis import settings as hypothesis_settings

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "factions" / "fixtures"
STARTERS = REPO / "factions" / "game_modules"
SHARED = Path(os.environ.get("FORGEBUILDER_SHARED_DIR", REPO.parent / "shared")).resolve()
BATTLEFORGE_DATA = SHARED / "data" / "battleforge"
# Options of a pytest that a test runs to see how the suite behaves (without a browser, without
# Pango): one process without xdist (loaded for nothing there; and the suite must run without
# it), no cache, and tables made from the models, which takes a third less CPU than running
# every migration (the suite itself runs them).
INNER_RUN = ("-p", "no:xdist", "-p", "no:cacheprovider", "--no-migrations")

# Property tests draw the same examples on every run and machine (a failure reproduces), each
# with a budget of examples set beside it that keeps it to seconds.
hypothesis_settings.register_profile("forgebuilder", derandomize=True, deadline=None)
hypothesis_settings.load_profile("forgebuilder")


def pdf_problem() -> str:
    """Why this machine cannot draw PDFs and how to fix that, or '' when it can."""
    from forgebuilder.printing.availability import pdf_support

    return pdf_support().message


# The garbage collector in a test process: what is made by the time the tests are collected
# (Django, the app, the collected tests) lives to the end of the run, so it is frozen out of the
# collector's walks; and the youngest objects are collected at 50,000 new ones instead of 2,000.
# Each test's garbage is freed as before (most of it when its last reference goes). The tests of
# tests/armylists/views and tests/factions: 39.1 s of CPU before, 35.8 s after (three runs each).
GC_THRESHOLD = (50_000, 20, 100)


def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLD)


def pytest_collection_modifyitems(config, items):
    from tests.workers import run_order

    items.sort(key=lambda item: run_order(item.nodeid))  # the order they go to the workers
    keep_database_tests(config, items)
    # Tests that draw PDFs need Pango: without it they are skipped saying how to install it,
    # except in CI, which must run them (they fail there: pytest_runtest_setup below).
    from tests.browser.chromium import in_ci

    drawing = [item for item in items if item.get_closest_marker("pdf")]
    if not drawing or in_ci() or not pdf_problem():
        return
    skip = pytest.mark.skip(reason=f"PDF test skipped: {pdf_problem()}")
    for item in drawing:
        item.add_marker(skip)


@pytest.hookimpl(optionalhook=True)  # `-p no:xdist` runs without the hook
def pytest_xdist_make_scheduler(config, log):
    """With `--dist loadgroup` (`make test`): tests/workers.py's scheduler."""
    if config.getvalue("dist") == "loadgroup":
        from tests.workers import scheduler

        return scheduler(config, log)
    return None


def keep_database_tests(config, items) -> None:
    """CI's PostgreSQL pass (FORGEBUILDER_DATABASE_TESTS_ONLY) runs only the tests that can reach
    a database (tests/backends.py); the SQLite pass runs them all. FORGEBUILDER_SPLIT_REPORT
    names a file where the split is written as JSON (tests/test_backend_split.py reads it)."""
    from tests.backends import database_tests_only, uses_database

    if not database_tests_only():
        return
    kept = {item.nodeid for item in items if uses_database(item)}
    if report := os.environ.get("FORGEBUILDER_SPLIT_REPORT"):
        rows = [split_row(item, item.nodeid in kept) for item in items]
        Path(report).write_text(json.dumps(rows), encoding="utf-8")
    config.hook.pytest_deselected(items=[item for item in items if item.nodeid not in kept])
    items[:] = [item for item in items if item.nodeid in kept]


def split_row(item, kept: bool) -> dict:
    return {
        "id": item.nodeid,
        "kept": kept,
        "fixtures": sorted(getattr(item, "fixturenames", ())),
        "django_db": item.get_closest_marker("django_db") is not None,
        "own_database": item.get_closest_marker("own_database") is not None,
    }


def pytest_runtest_setup(item):
    from tests.browser.chromium import in_ci

    if item.get_closest_marker("pdf") and in_ci() and pdf_problem():
        pytest.fail(f"CI=true needs the PDF tests to run: {pdf_problem()}", pytrace=False)


def worker_of(config) -> str:
    """The xdist worker running this process ("gw0"...), or "master" (no workers, or a pytest
    run without xdist, which has no `worker_id` fixture)."""
    return getattr(config, "workerinput", {}).get("workerid", "master")


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings, tmp_path_factory, pytestconfig):
    """pytest-django's (a database name per worker), before it makes the test database: on
    SQLite the run's workers migrate once between them (tests/migrated.py)."""
    from tests.migrated import migrate_once
    from tests.workers import run_folder

    migrate_once(run_folder(tmp_path_factory, worker_of(pytestconfig)))


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database as pytest-django makes it; a flush after a test that committed puts
    back what migrate wrote instead of writing it again (tests/flush.py)."""
    from tests.flush import keep_migrate_rows_through_flushes

    with django_db_blocker.unblock():
        keep_migrate_rows_through_flushes()


@pytest.fixture(autouse=True)
def _fresh_catalogs():
    """Catalogues are cached per module id and revision, and evaluations per list id and
    version; test databases reuse ids."""
    from factions.catalog import clear_catalog_cache
    from forgebuilder.lists.selectors import evaluations_forget

    clear_catalog_cache()
    evaluations_forget()
    yield
    clear_catalog_cache()
    evaluations_forget()


@pytest.fixture(autouse=True)
def _no_undefined_template_variable():
    """A template that looked up a variable nobody set fails its test, even where a tag took
    the error for false (`{% if a and b %}`)."""
    from forgebuilder.strict_templates import undefined

    undefined.clear()
    yield
    found, undefined[:] = list(undefined), []
    assert not found, found[0]


@pytest.fixture(autouse=True)
def _fresh_default_cache():
    """Rate-limit counters and cached pages never leak from one test into another."""
    from django.core.cache import cache

    yield
    cache.clear()


@dataclass(frozen=True)
class ModuleRows:
    """The rows of the factions app after a load, with each module's catalogue built from them."""

    rows: dict
    catalogs: tuple
    # Per database vendor, each table's statement and its rows' values, made on the first write
    inserts: dict = dataclass_field(default_factory=dict, compare=False)


def module_rows(load, *, first_id: int) -> ModuleRows:
    """The rows of the factions app after `load()`, read once and rolled back: parsing and
    checking a module costs far more CPU than writing its rows back (`write_module_rows`).
    Each module's catalogue is built once here too, instead of in every test that reads it.

    Their ids (and the references between them) are moved to start at `first_id`, so rows of
    a module the test loads itself never take them."""
    from django.apps import apps
    from django.db import transaction

    from factions.catalog import Catalog
    from factions.gamedata.exporter import game_module_spec
    from factions.models import GameModule

    models = apps.get_app_config("factions").get_models()
    with transaction.atomic():
        load()
        rows = {model: list(model._default_manager.order_by("pk")) for model in models}
        specs = [(module, game_module_spec(module)) for module in rows[GameModule]]
        transaction.set_rollback(True)
    shift = first_id - min((row.pk for found in rows.values() for row in found), default=0)
    for model, found in rows.items():
        ids = [f for f in model._meta.concrete_fields if f.primary_key or f.related_model in rows]
        for row, field in ((row, field) for row in found for field in ids):
            if getattr(row, field.attname) is not None:
                setattr(row, field.attname, getattr(row, field.attname) + shift)
    catalogs = tuple(Catalog(module.pk, module.revision, spec) for module, spec in specs)
    return ModuleRows(rows=rows, catalogs=catalogs)


def row_inserts(rows: dict, connection) -> list[tuple[str, list[tuple]]]:
    """Each table's statement and the values of its rows, ready for the database's driver, in
    the order the load wrote the tables: a COPY on PostgreSQL, a prepared INSERT elsewhere.
    `bulk_create` would make the same SQL again in every test that writes the rows, which cost
    more CPU than the database took to insert them.

    A time that Django sets on every save (`auto_now`) keeps the one of the first load."""
    quote = connection.ops.quote_name
    inserts = []
    for model, model_rows in rows.items():
        if not model_rows:
            continue
        fields = model._meta.concrete_fields
        table = quote(model._meta.db_table)
        columns = ", ".join(quote(f.column) for f in fields)
        if connection.vendor == "postgresql":
            sql = f"COPY {table} ({columns}) FROM STDIN"
        else:
            sql = f"INSERT INTO {table} ({columns}) VALUES ({', '.join(['%s'] * len(fields))})"
        values = [
            tuple(f.get_db_prep_save(getattr(row, f.attname), connection) for f in fields)
            for row in model_rows
        ]
        inserts.append((sql, values))
    return inserts


def write_module_rows(module_rows: ModuleRows) -> None:
    """Write rows read by `module_rows` into the test's database, as the load left them, with
    their catalogues cached (a change of the module's revision builds a fresh one, as in use).

    PostgreSQL takes each table's rows in one COPY and every sequence's reset in one statement:
    a round trip per row or per table cost 92 ms per test for the shipped modules' 1,541 rows
    (39 ms after); SQLite, in the test's own process, takes one prepared INSERT a table."""
    from django.core.management.color import no_style
    from django.db import connection, transaction

    from factions.catalog import catalog_keep, clear_catalog_cache

    rows = module_rows.rows
    inserts = module_rows.inserts.get(connection.vendor)
    if inserts is None:
        inserts = module_rows.inserts[connection.vendor] = row_inserts(rows, connection)
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            for sql, values in inserts:
                with cursor.cursor.copy(sql) as copy:
                    for row in values:
                        copy.write_row(row)
            if resets := connection.ops.sequence_reset_sql(no_style(), list(rows)):
                cursor.execute("; ".join(resets))  # new rows get ids after these
        else:
            for sql, values in inserts:
                cursor.executemany(sql, values)
    clear_catalog_cache()
    for catalog in module_rows.catalogs:
        catalog_keep(catalog)


@pytest.fixture(scope="session")
def made_once_per_run(tmp_path_factory, pytestconfig):
    """`made(name, build)`: what `build()` returns, made by the first of the run's workers to
    ask and unpickled by the others (`made_once` in tests/workers.py)."""
    from tests.workers import made_once, run_folder

    folder = run_folder(tmp_path_factory, worker_of(pytestconfig))
    return lambda name, build: made_once(folder, name, build)


def rows_made_once(made, blocker, name: str, load, *, first_id: int) -> ModuleRows:
    """`module_rows(load)`, made once per run (`made_once_per_run`)."""

    def build() -> ModuleRows:
        with blocker.unblock():
            return module_rows(load, first_id=first_id)

    return made(name, build)


@pytest.fixture(scope="session")
def starter_rows(django_db_setup, django_db_blocker, made_once_per_run):
    """The rows `load_starter_modules` writes, read once per run: parsing and checking the
    shipped modules costs about 1 s of CPU, writing their rows back about a fifth of that."""
    return rows_made_once(
        made_once_per_run,
        django_db_blocker,
        "starter_rows",
        lambda: call_command("load_starter_modules", verbosity=0),
        first_id=3_000_000,
    )


@pytest.fixture
def starter_modules(db, starter_rows):
    """The game modules forgebuilder ships, in the test's database, as `load_starter_modules`
    leaves them (`tests/factions/test_starter_modules.py` runs the command itself)."""
    write_module_rows(starter_rows)


@pytest.fixture(scope="session")
def mini_rows(django_db_setup, django_db_blocker, made_once_per_run):
    """The rows of the mini module, read once per run (about 1,000 tests load it)."""
    from factions.gamedata.loader import load_module_path

    return rows_made_once(
        made_once_per_run,
        django_db_blocker,
        "mini_rows",
        lambda: load_module_path(FIXTURES / "mini_module.yaml"),
        first_id=1_000_000,
    )


@pytest.fixture(scope="session")
def ashen_rows(django_db_setup, django_db_blocker, made_once_per_run):
    """The rows of the Ashen Stars starter module alone, read once per run (the campaign
    tests' `ashen`)."""
    from factions.gamedata.loader import load_module_path

    return rows_made_once(
        made_once_per_run,
        django_db_blocker,
        "ashen_rows",
        lambda: load_module_path(STARTERS / "ashen-stars"),
        first_id=2_000_000,
    )


@pytest.fixture(scope="session")
def ember_rows(django_db_setup, django_db_blocker, made_once_per_run):
    """The rows of the Ember Reach starter module alone, read once per run (the export
    tests' list and the pre-game strategy tests load it)."""
    from factions.gamedata.loader import load_module_path

    return rows_made_once(
        made_once_per_run,
        django_db_blocker,
        "ember_rows",
        lambda: load_module_path(STARTERS / "ember-reach"),
        first_id=4_000_000,
    )


@pytest.fixture
def ember_reach(db, ember_rows):
    """The Ember Reach starter module alone, in the test's database, as `load_module` leaves it."""
    from factions.models import GameModule

    write_module_rows(ember_rows)
    return GameModule.objects.get(slug="ember-reach")


@pytest.fixture(scope="session")
def dark_rows(django_db_setup, django_db_blocker, made_once_per_run):
    """The rows of the small Grimdark module of the tests (mini-dark), read once per run."""
    from factions.gamedata.loader import load_module_path

    return rows_made_once(
        made_once_per_run,
        django_db_blocker,
        "dark_rows",
        lambda: load_module_path(FIXTURES / "mini_grimdark.yaml"),
        first_id=5_000_000,
    )


@pytest.fixture
def mini_module(db, mini_rows):
    """The small example module of docs/module-format.md, loaded (`tests/factions/test_loader.py`
    loads the file itself)."""
    from factions.models import GameModule

    write_module_rows(mini_rows)
    return GameModule.objects.get(slug="mini-vale")


@pytest.fixture
def mini_catalog(mini_module):
    from factions.catalog import catalog_for

    return catalog_for(mini_module)


# Where the ids of each Battle Forge module's rows start (module_rows), apart from the starter
# and test modules' and from each other
BF_FIRST_IDS = {"space-wars": 6_000_000, "fantasy-realms": 7_000_000, "wbh": 8_000_000}
BF_ROOT_INDEX = BATTLEFORGE_DATA / "root" / "index.json"


def bf_data(folder: str) -> Path:
    """The Battle Forge module folder `folder`; the test is skipped where the data is absent."""
    if not BF_ROOT_INDEX.is_file() or not (BATTLEFORGE_DATA / folder / "index.json").is_file():
        pytest.skip(
            f"Battle Forge module {folder} not found in {BATTLEFORGE_DATA} "
            "(set FORGEBUILDER_SHARED_DIR)"
        )
    return BATTLEFORGE_DATA / folder


def bf_game(folder: str):
    """The Battle Forge module folder `folder` as the reader loads it (a BFGame); skipped where
    the data is absent."""
    from factions.gamedata.battleforge import load_game

    return load_game(bf_data(folder), BF_ROOT_INDEX)


@pytest.fixture(scope="session")
def bf_module_rows(django_db_setup, django_db_blocker, made_once_per_run):
    """The rows an import of a Battle Forge module folder writes, read at the first test that
    asks for that folder and kept for the run (an import costs about half a second)."""
    from factions.gamedata.battleforge.loading import battleforge_module_import

    found: dict[str, ModuleRows] = {}

    def rows(folder: str) -> ModuleRows:
        if folder not in found:
            path = bf_data(folder)
            found[folder] = rows_made_once(
                made_once_per_run,
                django_db_blocker,
                f"bf_rows_{folder}",
                lambda: battleforge_module_import(path=path),
                first_id=BF_FIRST_IDS[folder],
            )
        return found[folder]

    return rows


@pytest.fixture
def import_bf_module(db, bf_module_rows):
    """A Battle Forge module folder as `import_battleforge`'s service imports it, in the
    test's database; its catalogue."""

    def load(folder: str):
        from factions.catalog import catalog_by_slug
        from factions.models import GameModule

        rows = bf_module_rows(folder)
        write_module_rows(rows)
        [module] = rows.rows[GameModule]
        return catalog_by_slug(module.slug)

    return load


def pytest_sessionfinish(session):
    """The run's main process, when its workers are done, removes what they shared."""
    if hasattr(session.config, "workerinput") or not session.config.pluginmanager.hasplugin(
        "dsession"
    ):
        return
    from tests.stack.conftest import remove_shared_template

    remove_shared_template(session.config._tmp_path_factory.getbasetemp())


def pytest_terminal_summary(terminalreporter):
    """Say plainly, at the end of the run, when browser or PDF tests were skipped and why."""
    pdf_skips = [
        report
        for report in terminalreporter.stats.get("skipped", [])
        if "PDF test skipped" in str(report.longrepr)
    ]
    if pdf_skips:
        terminalreporter.write_sep("=", "PDF tests skipped", yellow=True)
        terminalreporter.write_line(f"{len(pdf_skips)} PDF tests were skipped. {pdf_problem()}")
    skipped = [
        report
        for report in terminalreporter.stats.get("skipped", [])
        if report.nodeid.startswith("tests/browser/")
    ]
    if not skipped:
        return
    from tests.browser.chromium import HOW_TO_ENABLE, find_chromium

    if find_chromium().path:
        return  # skipped for their own reasons (shown by -ra), not for want of a browser
    terminalreporter.write_sep("=", "browser tests skipped", yellow=True)
    terminalreporter.write_line(
        f"{len(skipped)} browser tests were skipped: {find_chromium().problem} {HOW_TO_ENABLE}"
    )
