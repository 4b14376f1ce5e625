"""Which tests CI's PostgreSQL pass runs: only those whose result can depend on the database.

CI runs the whole suite on SQLite, then again on PostgreSQL with `FORGEBUILDER_DATABASE_TESTS_ONLY`
set (`.ci/run`). That second pass leaves out the tests that never reach a database: pytest-django
refuses them any query (a test must ask for `db`, `transactional_db`, `live_server` or the
`django_db` marker to get one), so their result cannot differ by backend. It keeps every test
that asks for a database, and every test that may start a process which reads `DATABASE_URL`
(the browser and production-stack folders, and any test file naming `DATABASE_URL`), unless the
test is marked `own_database`: the processes it starts get a database of their own whatever
`DATABASE_URL` says (the first-run tests drop it), so it too cannot differ by backend.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ONLY_DATABASE_TESTS = "FORGEBUILDER_DATABASE_TESTS_ONLY"
# Every database fixture of pytest-django (db, transactional_db, the django_db marker's helper)
# asks for django_db_setup; live_server reaches the database through its own helper.
DATABASE_FIXTURES = frozenset({"django_db_setup", "db", "transactional_db", "live_server"})
# Folders whose tests start processes (a browser's live server, gunicorn) that open the database
# DATABASE_URL names.
PROCESS_FOLDERS = tuple(TESTS / name for name in ("browser", "stack"))


def database_tests_only() -> bool:
    return os.environ.get(ONLY_DATABASE_TESTS, "").lower() in {"1", "true", "yes"}


@cache
def names_database_url(path: Path) -> bool:
    try:
        return "DATABASE_URL" in path.read_text(encoding="utf-8")
    except OSError:
        return False


def uses_database(item) -> bool:
    """Whether the test `item` can reach a database, so that its result may differ by backend."""
    if DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())):
        return True
    if item.get_closest_marker("django_db"):
        return True
    cls = getattr(item, "cls", None)
    if cls is not None:
        from django.test import TransactionTestCase

        if issubclass(cls, TransactionTestCase):
            return True
    if item.get_closest_marker("own_database"):
        return False
    path = Path(item.fspath)
    return any(path.is_relative_to(folder) for folder in PROCESS_FOLDERS) or names_database_url(
        path
    )
