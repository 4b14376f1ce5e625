"""At a round's peak the board (pairings and standings) settles: results coming in faster than
EVENT_BOARD_SETTLE_SECONDS draw it again once, not once per result, while each player's own
game shows afresh on their page; a new round shows at once (events/board.py,
`forget_version`)."""

from __future__ import annotations

import random
import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from forgebuilder.events import board as board_module
from forgebuilder.events import services
from tests.events.conftest import entered

LEGAL = ("lantern_marshal", "lightbearer_squad")


@pytest.fixture
def settling(settings, monkeypatch, version_kept):
    """A settle window and a version kept for longer than the test takes: what is shown
    depends on the order of events, not on the machine's speed."""
    settings.EVENT_BOARD_SETTLE_SECONDS = 60
    drawn = []
    draw = board_module._draw
    monkeypatch.setattr(board_module, "_draw", lambda *a, **k: drawn.append(1) or draw(*a, **k))
    return drawn


@pytest.fixture
def games(event, players):
    """Eight players, round 1 paired: four games, by table."""
    for player in players[:8]:
        entered(event, player, *LEGAL)
    paired = services.round_pair(event=event, rng=random.Random(3))
    return list(paired.games.order_by("table"))


def _page(client, event, player) -> str:
    client.force_login(player)
    return client.get(reverse("events:detail", args=[event.public_id])).text


def _row(page: str, game) -> str:
    return re.search(rf'<li class="pairing[^"]*" id="game-{game.pk}">.*?</li>', page, re.S).group(0)


def _played(game, first_vp: int, second_vp: int) -> None:
    services.game_report(game=game, by=game.first.player, first_vp=first_vp, second_vp=second_vp)
    services.game_confirm(game=game, by=game.second.player, first_vp=first_vp, second_vp=second_vp)


def test_results_coming_in_at_once_draw_the_board_once(client, event, games, settling):
    reader = games[3].first.player
    _page(client, event, reader)
    assert len(settling) == 1

    _played(games[0], 17, 3)  # the first change in a quiet moment shows at once
    page = _page(client, event, reader)
    assert "17–3" in _row(page, games[0]) and len(settling) == 2

    _played(games[1], 13, 9)  # within the window: the board as it was a moment ago
    _played(games[2], 21, 4)
    for _ in range(3):
        page = _page(client, event, reader)
    assert "13–9" not in _row(page, games[1]) and "21–4" not in _row(page, games[2])
    assert len(settling) == 2, "results within the window drew the board again"

    cache.delete(board_module._version_key(event.pk))  # the version kept has expired
    page = _page(client, event, reader)
    assert "13–9" in _row(page, games[1]) and "21–4" in _row(page, games[2])
    assert len(settling) == 3


def test_a_players_own_game_shows_afresh_while_the_board_settles(client, event, games, settling):
    mine = games[1]
    _played(games[0], 17, 3)  # the window is open
    _page(client, event, mine.first.player)

    _played(mine, 12, 10)

    page = _page(client, event, mine.first.player)
    now = re.search(r'<section id="now".*?</section>', page, re.S).group(0)
    assert "Result confirmed: 12–10" in now
    assert "12–10" in _row(page, mine)  # their row of the pairings too
    assert "12–10" not in _row(_page(client, event, games[3].first.player), mine)


def test_a_new_round_shows_at_once_within_the_window(client, event, games, settling):
    for number, game in enumerate(games):
        _played(game, 10 + number, 5)
    reader = games[0].first.player
    assert "Round 1 of 3" in _page(client, event, reader)

    services.round_pair(event=event, rng=random.Random(4))

    assert "Round 2 of 3" in _page(client, event, reader)
