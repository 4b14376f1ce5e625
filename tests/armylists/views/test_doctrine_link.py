"""A list that has not chosen its doctrine is told so with a link to the control that chooses
one (issue 42): the warning used to name the doctrines and leave the player to find where."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from factions.catalog import catalog_for
from factions.models import GameModule
from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.lists.services import army_list_create
from tests.conftest import write_module_rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def lanterns(db, ashen_rows, owner):
    """An Ashen Stars list of the browser's player, with no doctrine chosen."""
    write_module_rows(ashen_rows)
    catalog = catalog_for(GameModule.objects.get(slug="ashen-stars"))
    document = ListDocument.model_validate({
        "name": "Lanterns", "module": catalog.slug, "module_version": catalog.spec.version,
        "faction": "cinder_compact", "points_limit": 2000,
        "units": [{"id": "u1", "datasheet": "lantern_marshal"}],
    })  # fmt: skip
    return army_list_create(owner=owner, catalog=catalog, document=document)


def test_the_missing_doctrine_links_to_the_doctrine_control(client, lanterns):
    page = client.get(reverse("armylists:editor", args=[lanterns.public_id])).content.decode()
    row = re.search(
        r'<li class="violation[^"]*"[^>]*data-code="doctrine-missing".*?</li>', page, re.S
    )
    assert row, "the list warns that it has no doctrine"
    assert 'href="#set-doctrine" data-show-setting' in row.group(0)
    assert 'id="set-doctrine"' in page  # the control the link opens
