"""What a player needs now, at the top of the event page: their table, opponent and the result
to enter or confirm, or what they wait for; and the section asked for again with its stamp,
204 while nothing changed."""

from __future__ import annotations

import random
import re

import pytest
from django.urls import reverse

from forgebuilder.events import services
from forgebuilder.events.models import Game
from tests.events.conftest import entered

LEGAL = ("lantern_marshal", "lightbearer_squad")


def _url(name, event, *args):
    return reverse(f"events:{name}", args=[event.public_id, *args])


def _now(client, event) -> str:
    """The "now" section of the event page as its player sees it."""
    page = client.get(_url("detail", event)).content.decode()
    found = re.search(r'<section id="now".*?</section>', page, re.S)
    assert found, "the page has no section of what the player needs now"
    return found.group(0)


@pytest.fixture
def paired(event, players):
    """ann and bob entered, checked in, with lists; round 1 paired: one game."""
    for player in players[:2]:
        entered(event, player, *LEGAL)
    return services.round_pair(event=event, rng=random.Random(1)).games.get()


def test_before_round_1_a_checked_in_player_is_told_it_is_not_paired_yet(client, event, players):
    entered(event, players[0], *LEGAL)
    client.force_login(players[0])
    assert "Round 1 is not paired yet" in _now(client, event)


def test_the_player_sees_their_table_opponent_their_list_and_the_result_form(client, event, paired):
    event.hide_lists = False
    event.save()
    me, them = paired.first.player, paired.second.player
    client.force_login(me)
    now = _now(client, event)
    assert f"Table {paired.table}" in now and f"against <strong>{them.username}</strong>" in now
    assert _url("list_view", event, paired.second.pk) in now  # lists are public: linked
    assert _url("result", event, paired.pk) in now and "Enter the result" in now
    # the section is above the pack and the player's entry
    page = client.get(_url("detail", event)).content.decode()
    assert page.index('id="now"') < page.index('id="pack"') < page.index('id="my-entry"')


def test_a_hidden_opponent_list_is_not_linked(client, event, paired):
    assert event.hide_lists and event.reveal_at is None
    client.force_login(paired.first.player)
    assert _url("list_view", event, paired.second.pk) not in _now(client, event)


def test_the_opponent_confirms_what_was_entered_or_waits_for_it(client, event, paired):
    me, them = paired.first.player, paired.second.player
    services.game_report(game=paired, by=me, first_vp=14, second_vp=9)
    client.force_login(them)
    now = _now(client, event)
    assert f"{me.username} entered 14–9" in now
    assert ">Confirm 14–9</button>" in now and "waiting for confirmation" not in now
    client.force_login(me)
    now = _now(client, event)
    assert f"waiting for {them.username} to confirm" in now and "Confirm 14–9" not in now
    services.game_confirm(game=paired, by=them, first_vp=14, second_vp=9)
    for player in (me, them):
        client.force_login(player)
        now = _now(client, event)
        assert "Result confirmed: 14–9" in now and "Round 2 is not paired yet" in now


def test_a_result_entered_from_the_section_comes_back_to_it(client, event, paired):
    client.force_login(paired.first.player)
    answer = client.post(
        _url("result", event, paired.pk), {"first_vp": "14", "second_vp": "9", "back": "now"}
    )
    assert answer.status_code == 302 and answer["Location"].endswith("#now")
    paired.refresh_from_db()
    assert paired.status == Game.REPORTED


def test_no_section_for_a_reader_the_organiser_or_a_dropped_player(
    client, event, paired, organiser
):
    page = client.get(_url("detail", event)).content.decode()
    assert 'id="now"' not in page
    client.force_login(organiser)
    assert 'id="now"' not in client.get(_url("detail", event)).content.decode()
    services.entrant_drop(event=event, entrant=paired.first)
    client.force_login(paired.first.player)
    assert 'id="now"' not in client.get(_url("detail", event)).content.decode()


def test_the_section_is_asked_for_again_and_answers_204_until_something_changed(
    client, event, paired, settings
):
    settings.EVENT_NOW_POLL_SECONDS = 1
    me, them = paired.first.player, paired.second.player
    client.force_login(them)
    now = _now(client, event)
    stamp = re.search(r'data-stamp="(\w+)"', now).group(1)
    again = _url("now", event)
    assert f'hx-get="{again}?since={stamp}"' in now and 'hx-trigger="every 1s"' in now
    assert 'http-equiv="refresh"' not in client.get(_url("detail", event)).content.decode()
    assert f'href="{_url("detail", event)}#now"' in now  # a Reload link without JavaScript

    assert client.get(again, {"since": stamp}).status_code == 204
    services.game_report(game=paired, by=me, first_vp=14, second_vp=9)
    answer = client.get(again, {"since": stamp})
    drawn = answer.content.decode()
    assert answer.status_code == 200 and ">Confirm 14–9</button>" in drawn
    assert drawn.startswith('<section id="now"') and f"since={stamp}" not in drawn
    # a reader without an account has nothing to ask for
    client.logout()
    assert client.get(again, {"since": stamp}).status_code == 204
