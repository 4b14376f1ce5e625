"""After a test that committed, the database is empty but for what migrate wrote (tests/flush.py)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.test import TransactionTestCase

from tests.flush import KEPT_MODELS, flush_keeping, migrate_rows


def ids(model) -> list[int]:
    return list(model.objects.order_by("pk").values_list("pk", flat=True))


@pytest.mark.django_db(transaction=True)
def test_the_flush_empties_every_table_and_writes_migrates_rows_back_with_their_ids():
    kept = migrate_rows("default")
    before = {model: ids(model) for model in KEPT_MODELS}
    user = get_user_model().objects.create_user("ada", password="pw-123456789")
    user.user_permissions.add(Permission.objects.get(codename="add_user"))

    flush_keeping("default", kept)

    assert not get_user_model().objects.exists()
    assert not get_user_model().user_permissions.through.objects.exists()
    assert {model: ids(model) for model in KEPT_MODELS} == before
    assert ContentType.objects.get_for_model(get_user_model()).pk in before[ContentType]
    assert Permission.objects.filter(codename="add_user").exists()


@pytest.mark.django_db(transaction=True)
def test_tests_that_commit_are_emptied_this_way():
    assert TransactionTestCase._fixture_teardown.__module__ == "tests.flush"
