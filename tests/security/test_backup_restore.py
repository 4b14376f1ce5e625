"""The documented backup and restore (docs/deploy/backup.sh, docs/deploy.md "Backups"): a backup
of the database restored into an empty database holds every list, account and share link; a
restore into a database that has data is refused. PostgreSQL only, as production runs on it."""

from __future__ import annotations

import secrets
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from forgebuilder.lists.models import ArmyList, ShareLink

SCRIPT = Path(settings.BASE_DIR) / "docs" / "deploy" / "backup.sh"

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="backups are of PostgreSQL, production's database"
)


def url_of(name: str) -> str:
    db = connection.settings_dict
    return (
        f"postgresql://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{name}"
    )


def run(action: str, file: Path, database: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["sh", str(SCRIPT), action, str(file)],
        env={"PATH": "/usr/bin:/bin", "DATABASE_URL": url_of(database)},
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def query(database: str, sql: str) -> list[tuple]:
    import psycopg

    with psycopg.connect(url_of(database)) as conn:
        return conn.execute(sql).fetchall()


@pytest.fixture
def empty_database():
    import psycopg

    name = f"fb_restore_{secrets.token_hex(4)}"
    with psycopg.connect(url_of("postgres"), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield name
    with psycopg.connect(url_of("postgres"), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.django_db(transaction=True)
def test_a_backup_restored_into_an_empty_database_holds_every_list(
    make_list, owner, ada, empty_database, tmp_path
):
    lists = [make_list(owner=owner, name=f"Patrol {n}") for n in range(3)]
    ShareLink.objects.create(army_list=lists[0], kind=ShareLink.LIVE)
    backup = tmp_path / "forgebuilder.dump"

    made = run("backup", backup, connection.settings_dict["NAME"])
    assert made.returncode == 0, made.stderr
    restored = run("restore", backup, empty_database)
    assert restored.returncode == 0, restored.stderr

    table = ArmyList._meta.db_table
    found = query(empty_database, f"SELECT public_id, name, document FROM {table}")
    expected = ArmyList.objects.values_list("public_id", "name", "document")
    assert sorted(found) == sorted(expected)
    assert query(empty_database, "SELECT username FROM auth_user") == [("ada",)]
    assert len(query(empty_database, f"SELECT token FROM {ShareLink._meta.db_table}")) == 1

    again = run("restore", backup, empty_database)
    assert again.returncode == 1
    assert "restore into an empty one" in again.stderr
