"""The event form lists the factions of the game chosen, not every game's: fetched when the game
changes (htmx), or shown again with a button without JavaScript; a faction of another game is
refused by name."""

from __future__ import annotations

import pytest
from django.urls import reverse

from factions.catalog import catalog_for
from factions.models import GameModule

pytestmark = pytest.mark.django_db


def _names(module) -> list[str]:
    return [f.name for f in catalog_for(module).spec.factions.values()]


def test_before_a_game_is_chosen_no_faction_is_listed(client, organiser, ashen):
    client.force_login(organiser)
    page = client.get(reverse("events:new")).content.decode()
    assert "Choose the game: its factions are listed here" in page
    assert not any(f">{name}<" in page for name in _names(ashen))


def test_the_chosen_games_factions_only_are_fetched(client, organiser, ashen):
    client.force_login(organiser)
    other = GameModule.objects.exclude(pk=ashen.pk).first()
    part = client.get(reverse("events:new_factions"), {"module": ashen.pk}).content.decode()
    assert part.startswith('<div id="pack-factions">')
    assert all(name in part for name in _names(ashen))
    assert f"{other.slug}:" not in part
    for bad in ("", "abc", "999999", "-1"):
        part = client.get(reverse("events:new_factions"), {"module": bad}).content.decode()
        assert "Choose the game" in part


def test_without_javascript_the_form_comes_back_with_the_games_factions(client, organiser, ashen):
    client.force_login(organiser)
    page = client.post(
        reverse("events:new"), {"name": "Winter Cup", "module": ashen.pk, "pick_game": "1"}
    ).content.decode()
    assert all(name in page for name in _names(ashen))
    assert 'value="Winter Cup"' in page  # what was typed is kept
    assert 'role="alert"' not in page  # not an error: nothing was submitted yet


def test_a_faction_of_another_game_is_refused_by_name(client, organiser, ashen):
    client.force_login(organiser)
    other = GameModule.objects.exclude(pk=ashen.pk).first()
    key = next(iter(catalog_for(other).spec.factions))
    page = client.post(
        reverse("events:new"),
        {"name": "Cup", "module": ashen.pk, "factions": [f"{other.slug}:{key}"]},
    ).content.decode()
    assert f"Only factions of the chosen game can be allowed ({other.slug}:{key} is not" in page
