"""CI's two passes together run the whole suite, and every test that can reach a database runs in
both: the PostgreSQL pass (FORGEBUILDER_DATABASE_TESTS_ONLY) leaves out only tests that cannot.

The suite is collected once, as the PostgreSQL pass collects it, in a second pytest that writes
how it split the tests; the SQLite pass collects the same tests and leaves none out.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from types import SimpleNamespace

import pytest

from tests.backends import ONLY_DATABASE_TESTS, uses_database
from tests.conftest import REPO, keep_database_tests
from tests.workers import built_once, run_folder

DATABASE_FIXTURES = {"db", "transactional_db", "live_server", "django_db_setup"}
# their live server and gunicorn open the database DATABASE_URL names
STARTS_PROCESSES = ("tests/browser/", "tests/stack/")


@pytest.fixture(scope="module")
def postgres_pass(tmp_path_factory, worker_id):
    """The split the PostgreSQL pass makes of the whole suite, and the ids pytest then runs:
    collected once per run (with several workers, by the first that needs it)."""
    folder = tmp_path_factory.mktemp("split")
    shared = run_folder(tmp_path_factory, worker_id)
    if shared is None:
        found = collect_postgres_pass(folder)
    else:
        found = built_once(shared, "postgres-pass.json", lambda: collect_postgres_pass(folder))
    split = json.loads(found)
    return split["rows"], split["ran"], split["stdout"]


def collect_postgres_pass(folder) -> str:
    report = folder / "split.json"
    env = {**os.environ, ONLY_DATABASE_TESTS: "1", "FORGEBUILDER_SPLIT_REPORT": str(report)}
    env.pop("PYTEST_XDIST_WORKER", None)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0", "-p", "no:cacheprovider"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    ran = [line for line in result.stdout.splitlines() if "::" in line]
    rows = json.loads(report.read_text(encoding="utf-8"))
    return json.dumps({"rows": rows, "ran": ran, "stdout": result.stdout})


def test_the_postgresql_pass_runs_exactly_the_tests_it_keeps(postgres_pass):
    rows, ran, out = postgres_pass
    kept = [row["id"] for row in rows if row["kept"]]
    left_out = len(rows) - len(kept)

    assert ran == kept
    assert re.search(rf"\b{len(kept)}/{len(rows)} tests collected \({left_out} deselected\)", out)
    assert 0 < left_out < len(rows)


def test_every_test_that_can_reach_a_database_runs_on_postgresql(postgres_pass):
    rows, _, _ = postgres_pass
    database = [r for r in rows if DATABASE_FIXTURES & set(r["fixtures"]) or r["django_db"]]
    processes = [r for r in rows if r["id"].startswith(STARTS_PROCESSES) and not r["own_database"]]

    assert database and processes
    assert [r["id"] for r in database + processes if not r["kept"]] == []


def test_the_pure_engine_tests_are_left_to_the_sqlite_pass(postgres_pass):
    rows, _, _ = postgres_pass
    left_out = {row["id"].split("::")[0] for row in rows if not row["kept"]}

    assert "tests/test_function_length.py" in left_out
    assert any(path.startswith("tests/armylists/rules/") for path in left_out), sorted(left_out)


def test_without_the_setting_no_test_is_left_out(monkeypatch):
    """The SQLite pass (and `make test` anywhere else) runs the whole suite."""
    monkeypatch.delenv(ONLY_DATABASE_TESTS, raising=False)
    deselected = []
    config = SimpleNamespace(hook=SimpleNamespace(pytest_deselected=deselected.append))
    items = [fake_item("tests/test_smoke.py::test_pure", fixtures=["request"])]

    keep_database_tests(config, items)

    assert [item.nodeid for item in items] == ["tests/test_smoke.py::test_pure"]
    assert deselected == []


def test_a_test_file_naming_database_url_runs_on_both(tmp_path):
    reads = tmp_path / "test_reads.py"
    reads.write_text(f'URL = os.environ["{"DATABASE" + "_URL"}"]\n')  # not this file's name
    pure = tmp_path / "test_pure.py"
    pure.write_text("def test_sum(): assert 1 + 1 == 2\n")

    assert uses_database(fake_item(f"{reads}::test_url", fixtures=[], path=reads))
    assert not uses_database(fake_item(f"{pure}::test_sum", fixtures=[], path=pure))


def fake_item(nodeid: str, *, fixtures: list[str], path=None) -> SimpleNamespace:
    return SimpleNamespace(
        nodeid=nodeid,
        fixturenames=fixtures,
        fspath=path or REPO / nodeid.split("::")[0],
        cls=None,
        get_closest_marker=lambda name: None,
    )
