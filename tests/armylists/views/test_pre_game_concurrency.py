"""Two tabs choosing pre-game strategies at once: the edit locks the list and checks its version
inside the lock, so one choice is saved and the other refused as made on an old page; nothing is
half-written. Needs PostgreSQL's row locks (SQLite serialises every write)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from factions.catalog import catalog_for, clear_catalog_cache
from factions.models import GameModule
from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.services import army_list_create
from tests.armylists.exports.conftest import EMBER_REACH, ember_document
from tests.concurrency import POSTGRES_ONLY, at_once, client_of

from .helpers import HTMX

pytestmark = POSTGRES_ONLY


@pytest.mark.parametrize("trial", range(3))
def test_two_tabs_at_once_save_one_choice_and_refuse_the_other(django_user_model, trial):
    call_command("load_module", str(EMBER_REACH), stdout=io.StringIO())
    clear_catalog_cache()
    catalog = catalog_for(GameModule.objects.get(slug="ember-reach"))
    user = django_user_model.objects.create_user(f"marshal{trial}", password="x")
    army_list = army_list_create(
        owner=Owner(user.pk, ""), catalog=catalog, document=ember_document(catalog)
    )
    tabs = [client_of(user), client_of(user)]
    url = reverse("armylists:pre_game", args=[army_list.public_id])
    choices = ["mirewind/tide_of_reeds", "cinderhold/forced_march"]

    answers = at_once(
        *(
            lambda tab=tab, choice=choice: (
                tab.post(
                    url, {"version": army_list.version, "strategy": [choice]}, headers=HTMX
                ).status_code
            )
            for tab, choice in zip(tabs, choices, strict=True)
        )
    )

    assert sorted(answers) == [200, 409]
    saved = ArmyList.objects.get(pk=army_list.pk)
    assert saved.version == army_list.version + 1
    chosen = ListDocument.model_validate(saved.document).pre_game_strategies
    winner = choices[answers.index(200)]
    assert [f"{s.faction or 'cinderhold'}/{s.strategy}" for s in chosen] == [winner]
