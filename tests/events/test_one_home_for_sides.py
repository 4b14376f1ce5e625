"""Whether a user plays an event game, and on which side, is decided in one place:
`events.models.Game.side_of` (with `entrant_of` and `opponent_of`). The event page, the result
steps and the tracker's event games ask it; a module that compares a player's id with a side's
by itself fails here, and so does a page that does not follow the one answer."""

from __future__ import annotations

import random
import re

from forgebuilder.events import services
from forgebuilder.events.models import Game
from forgebuilder.events.presenters import game_row
from tests.source_lines import places

INLINE = re.compile(r"(first|second)\.player_id\s*(==|!=|,)|player_id\s+(in|not in)\s*[({]")


def test_no_module_decides_a_side_by_itself():
    home = "forgebuilder/events/models.py"
    assert places(INLINE.search, skip=lambda path: path == home) == []


def test_every_step_follows_side_of(event, players, monkeypatch):
    for player in players[:2]:
        entrant = services.entrant_register(event=event, player=player)
        services.entrant_check_in(event=event, entrant=entrant)
    game = services.round_pair(event=event, rng=random.Random(1)).games.get()
    first = game.first.player
    assert game_row(game, first, organiser=False)["mine"]
    monkeypatch.setattr(Game, "side_of", lambda self, user: None)  # nobody plays it now
    assert not game_row(game, first, organiser=False)["mine"]
    try:
        services.game_report(game=game, by=first, first_vp=1, second_vp=0)
    except services.EventRefused as refusal:
        assert "Only the two players of this game" in str(refusal)
    else:
        raise AssertionError("the result step decided the side by itself")
