"""Emptying the database after a test that committed, without migrate's clean-up.

Django empties the test database after each test that commits (a `transactional_db` test: the
browser, PDF worker and concurrency tests) with `flush`, which then sends `post_migrate`: that
looks up every model's content type and permissions, finds them gone and writes them all again,
several times the cost of emptying the tables. Those rows are the same every time, so they are
read once per session and written straight back after each test, with their ids, as migrate
left them (and a content type Django has cached keeps its id).
"""

from __future__ import annotations

from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connections, transaction
from django.test import TransactionTestCase

# What post_migrate writes into an emptied database (the cache table's receiver writes no rows)
KEPT_MODELS = (ContentType, Permission)


def keep_migrate_rows_through_flushes() -> None:
    """From now on, a flush after a test puts back the rows post_migrate would write again."""
    kept = {alias: migrate_rows(alias) for alias in connections}
    django_teardown = TransactionTestCase._fixture_teardown

    def fixture_teardown(self) -> None:
        if self.available_apps is not None or self.serialized_rollback:
            django_teardown(self)  # Django's own ways: not used by these tests
            return
        for alias in self._databases_names(include_mirrors=False):
            flush_keeping(alias, kept[alias])

    TransactionTestCase._fixture_teardown = fixture_teardown


def migrate_rows(alias: str) -> dict:
    """The rows post_migrate writes, as they are in the database `alias` now."""
    return {model: list(model.objects.using(alias).order_by("pk")) for model in KEPT_MODELS}


def flush_keeping(alias: str, rows: dict) -> None:
    """Empty every table of `alias` and write `rows` back. DELETE rather than flush's TRUNCATE:
    on PostgreSQL a TRUNCATE makes new files for each table and waits for the disk, which for
    tables of a few rows costs far more than deleting them."""
    connection = connections[alias]
    tables = connection.introspection.django_table_names(only_existing=True, include_views=False)
    with transaction.atomic(using=alias):
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute("SET CONSTRAINTS ALL DEFERRED")  # any order of the deletes
            for table in tables:
                cursor.execute(f"DELETE FROM {connection.ops.quote_name(table)}")
        for model, model_rows in rows.items():
            model.objects.using(alias).bulk_create(model_rows)
