"""One migrate per run on SQLite: the first worker of `pytest -n 3` migrates its test database
and leaves a copy of it in the run's folder; the others copy it into theirs instead of running
every migration again (about 3 s of CPU each, most of it Django working out the models' states
between migrations).

The copy is the whole database as migrate left it, `post_migrate`'s rows included (content
types, permissions, the cache table), so a worker that copies it has what one that migrated
has. Only SQLite's in-memory test databases are copied; on PostgreSQL each worker migrates.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
from pathlib import Path

COPY = "migrated.sqlite3"


def migrate_once(folder: Path | None) -> None:
    """The next `migrate` of an in-memory SQLite test database (the one pytest-django runs as
    it makes it) is made once for the run's workers sharing `folder`: the first migrates and
    leaves its copy there, the others wait for it and copy it. None (no workers): as usual."""
    if folder is None:
        return
    from django.core.management.commands.migrate import Command

    migrate = Command.handle

    def handle(self, *args, **options):
        Command.handle = migrate  # only this first migrate: a test's own runs as usual
        from django.db import connections

        connection = connections[options["database"]]
        name = connection.settings_dict["NAME"]
        if connection.vendor != "sqlite" or not connection.creation.is_in_memory_db(name):
            return migrate(self, *args, **options)
        with open(folder / f"{COPY}.lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # the others wait here while the first migrates
            if (folder / COPY).exists():
                copy_database(folder / COPY, connection)
                return None
            migrate(self, *args, **options)
            keep_database(connection, folder / COPY)
            return None

    Command.handle = handle


def keep_database(connection, path: Path) -> None:
    """The database of `connection` written whole to `path` (SQLite's backup)."""
    connection.ensure_connection()
    written = path.with_suffix(".part")
    target = sqlite3.connect(written)
    try:
        connection.connection.backup(target)
    finally:
        target.close()
    os.replace(written, path)


def copy_database(path: Path, connection) -> None:
    """The database kept at `path` written whole into that of `connection`."""
    connection.ensure_connection()
    source = sqlite3.connect(path)
    try:
        source.backup(connection.connection)
    finally:
        source.close()
