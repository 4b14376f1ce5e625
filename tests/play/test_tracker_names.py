"""The tracker read aloud (issue 42): each of a unit's counters names the unit it counts for, so
a screen reader says "Models lost (Brass Juggernaut): one more", not a "Models lost" of no unit;
the game's own counters name none."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from forgebuilder.play.models import Game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("which", ["ember_list", "ashen_list"])
def test_every_counter_of_a_unit_names_the_unit(request, players, which):
    army_list = request.getfixturevalue(which)
    client = Client()
    client.force_login(army_list.owner)
    answer = client.post(reverse("play:start", args=[army_list.public_id]))
    game = Game.objects.get(public_id=answer["Location"].strip("/").split("/")[-1])
    page = client.get(reverse("play:tracker", args=[game.public_id])).content.decode()
    cards = re.findall(r'<article class="card play-unit.*?</article>', page, re.S)
    assert len(cards) == len(game.sheet["units"])
    for card, unit in zip(cards, game.sheet["units"], strict=True):
        labels = re.findall(r'class="step" aria-label="([^"]*)"', card)
        assert labels, unit["name"]
        for label in labels:
            assert f"({unit['name']}):" in label.replace("&#x27;", "'"), label
    outside = re.sub(r'<article class="card play-unit.*?</article>', "", page, flags=re.S)
    assert 'aria-label="Victory points: one more"' in outside
