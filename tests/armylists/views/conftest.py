"""Fixtures of the list builder's view tests: lists owned by the test client's browser session
and lists of other people."""

from __future__ import annotations

import secrets
from collections.abc import Callable

import pytest

from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.services import army_list_create

from .helpers import build_document, session_owner


@pytest.fixture
def owner(db, client) -> Owner:
    """The anonymous owner behind the `client` browser."""
    return session_owner(client)


@pytest.fixture
def stranger() -> Owner:
    """Someone else, in another browser."""
    return Owner(None, secrets.token_urlsafe(24))


@pytest.fixture
def make_list(mini_catalog) -> Callable[..., ArmyList]:
    def make(*, owner: Owner, **document) -> ArmyList:
        return army_list_create(
            owner=owner, catalog=mini_catalog, document=build_document(mini_catalog, **document)
        )

    return make


@pytest.fixture
def army_list(make_list, owner) -> ArmyList:
    """The standard list, owned by the `client` browser."""
    return make_list(owner=owner)


@pytest.fixture
def strangers_list(make_list, stranger) -> ArmyList:
    return make_list(owner=stranger, name="Not yours")
