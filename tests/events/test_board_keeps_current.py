"""The event page's round and standings keep themselves current, as the player's "now" section
does: the board asks for itself again with a stamp (events/polling.py), an unchanged board
answers 204 after reading no row, a changed one is drawn again as the page would draw it."""

from __future__ import annotations

import contextlib
import random
import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import given
from hypothesis import settings as hypothesis_settings

from forgebuilder.events import services
from forgebuilder.events.models import Game
from tests.events.conftest import entered
from tests.events.test_event_now import ACTS, STEPS

LEGAL = ("lantern_marshal", "lightbearer_squad")
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def _url(name, event):
    return reverse(f"events:{name}", args=[event.public_id])


def _board(html: str) -> str:
    """The board element of a page (it ends where the page's card does)."""
    found = re.search(r'<div id="board".*?</div>\s*(?=</div>\s*</main>)', html, re.S)
    assert found, "the page has no board that keeps itself current"
    return found.group(0).strip()


def _stamp(board: str) -> str:
    return re.search(r'data-stamp="(\w+)"', board).group(1)


@pytest.fixture
def paired(event, players):
    """Four players entered and checked in; round 1 paired: two games."""
    for player in players[:4]:
        entered(event, player, *LEGAL)
    return services.round_pair(event=event, rng=random.Random(1))


def test_the_board_asks_again_and_answers_204_until_a_result_is_confirmed(
    client, event, paired, settings, version_kept
):
    settings.EVENT_BOARD_POLL_SECONDS = 1
    game, other = paired.games.order_by("table")
    client.force_login(game.first.player)
    board = _board(client.get(_url("detail", event)).text)
    stamp = _stamp(board)
    assert f'hx-get="{_url("board", event)}?since={stamp}"' in board
    assert 'hx-trigger="every 1s"' in board and 'hx-swap="outerHTML"' in board
    # asked again at once: the board the page shows, as the page draws it
    assert TOKEN.sub("", _board(client.get(_url("detail", event)).text)) == TOKEN.sub(
        "", client.get(_url("board", event)).text
    )

    with CaptureQueriesContext(connection) as asked:
        assert client.get(_url("board", event), {"since": stamp}).status_code == 204
    assert not [q for q in asked.captured_queries if '"events_game"' in q["sql"]]

    # another table's result confirmed: its row and the standings follow
    services.game_report(game=other, by=other.first.player, first_vp=17, second_vp=3)
    services.game_confirm(game=other, by=other.second.player, first_vp=17, second_vp=3)
    answer = client.get(_url("board", event), {"since": stamp})
    assert answer.status_code == 200
    drawn = answer.text
    assert drawn.startswith('<div id="board"') and f"since={stamp}" not in drawn
    row = re.search(rf'<li class="pairing[^"]*" id="game-{other.pk}">.*?</li>', drawn, re.S)
    assert row and "17–3" in row.group(0)
    first_place = re.search(r"<tbody><tr><td>1</td><td>(.*?)</td>", drawn).group(1)
    assert other.first.player.username in first_place
    assert client.get(_url("board", event), {"since": _stamp(drawn)}).status_code == 204


def test_a_search_and_a_part_asked_for_are_kept_when_the_board_asks_again(client, event, paired):
    game = paired.games.order_by("table").first()
    name = game.second.player.username
    client.force_login(game.first.player)
    board = _board(client.get(_url("detail", event), {"find": name, "standings": "1"}).text)
    assert f"find={name}&amp;standings=1&amp;since=" in board
    again = client.get(_url("board", event), {"find": name, "standings": "1"}).text
    assert f'id="game-{game.pk}"' in again
    assert again.count('<li class="pairing') == 1  # the other game is not among those found


def test_a_reader_before_round_1_sees_round_1_come(client, event, players):
    for player in players[:2]:
        entered(event, player, *LEGAL)
    board = _board(client.get(_url("detail", event)).text)
    assert 'id="round"' not in board
    assert client.get(_url("board", event), {"since": _stamp(board)}).status_code == 204
    game = services.round_pair(event=event, rng=random.Random(1)).games.get()
    drawn = client.get(_url("board", event), {"since": _stamp(board)}).text
    assert "Round 1 of 3" in drawn and f"Table {game.table}" in drawn


def test_the_hall_screen_turns_its_pages_at_the_pace_set(client, event, paired, settings):
    settings.PROJECTOR_PAGE_SECONDS = 7
    page = client.get(_url("projector", event)).text
    assert re.search(r'<section id="screen"[^>]* data-page-seconds="7"', page)


def test_the_board_keeps_its_stamp_only_while_it_shows_the_same(client, event, paired):
    """For any results entered, confirmed or withdrawn (at odd values too), the board as a
    player and as the organiser see it keeps its stamp only while it shows the same: a 204
    never hides a change."""
    game = paired.games.order_by("table").first()
    people = {"first": game.first.player, "second": game.second.player,
              "organiser": event.organiser}  # fmt: skip

    @hypothesis_settings(max_examples=5, deadline=None)
    @given(steps=STEPS)
    def check(steps):
        Game.objects.filter(pk=game.pk).update(
            status=Game.PAIRED, first_vp=None, second_vp=None, reported_by=None, withdrawn_by=None
        )
        cache.clear()  # written around the models' signals: the version is asked again
        seen: dict[str, tuple[str, str]] = {}
        for who, act, (a, b) in steps:
            with contextlib.suppress(services.EventRefused):  # a refusal changes nothing
                ACTS[act](game=game, by=people[who], first_vp=a, second_vp=b)
            for looker in ("first", "organiser"):
                client.force_login(people[looker])
                board = _board(client.get(_url("detail", event)).text)
                stamp = _stamp(board)
                shown = TOKEN.sub("", board.replace(stamp, ""))
                if looker in seen and seen[looker][0] == stamp:
                    assert seen[looker][1] == shown, "the board changed under the same stamp"
                seen[looker] = (stamp, shown)

    check()
