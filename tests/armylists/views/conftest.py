"""Fixtures of the list builder's view tests: lists owned by the test client's browser session
and lists of other people."""

from __future__ import annotations

import secrets
from collections.abc import Callable

import pytest

from factions.catalog import catalog_for
from forgebuilder.lists import edits
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


@pytest.fixture
def muster_with_one_core(owner, ember_reach):
    """A Cinderhold Muster with a Forge-Thane (u1) and one Core unit, Hearthguard (u2)."""
    catalog = catalog_for(ember_reach)
    document = edits.new_document(
        catalog, faction="cinderhold", name="Hold", points_limit=150, casual=False
    )
    for datasheet in ("forge_thane", "hearthguard"):
        document, _ = edits.add_unit(document, catalog, datasheet=datasheet, force="f1")
    return army_list_create(owner=owner, catalog=catalog, document=document)


@pytest.fixture
def game_module(request):
    """The game module a test is parametrized with (indirect): a starter module by its slug,
    or a Battle Forge module of the shared data by its folder (skipped where it is absent)."""
    from factions.models import GameModule
    from tests.conftest import BF_FIRST_IDS

    if request.param in BF_FIRST_IDS:
        catalog = request.getfixturevalue("import_bf_module")(request.param)
        return GameModule.objects.get(slug=catalog.slug)
    request.getfixturevalue("starter_modules")
    return GameModule.objects.get(slug=request.param)
