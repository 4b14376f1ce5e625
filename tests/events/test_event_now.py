"""What a player needs now, at the top of the event page: their table, opponent and the result
to enter or confirm, or what they wait for; and the section asked for again with its stamp,
204 while nothing changed."""

from __future__ import annotations

import contextlib
import random
import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

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
    # the player's row of the pairings below is drawn again in its place: one state on the page
    row = re.search(
        r'<template>\s*<li hx-swap-oob="true" [^>]*id="game-(\d+)".*?</template>', drawn, re.S
    )
    assert row and int(row.group(1)) == paired.pk
    assert "14–9, waiting for confirmation" in row.group(
        0
    ) and "Confirm 14–9</button>" in row.group(0)
    # a reader without an account has nothing to ask for
    client.logout()
    assert client.get(again, {"since": stamp}).status_code == 204


ACTS = {"report": services.game_report, "confirm": services.game_confirm,
        "withdraw": services.game_withdraw}  # fmt: skip
STEPS = st.lists(
    st.tuples(
        st.sampled_from(["first", "second", "organiser"]),
        st.sampled_from(sorted(ACTS)),
        st.tuples(st.integers(0, 999), st.integers(0, 999)),
    ),
    max_size=4,
)


def _drawn(client, event, player) -> tuple[str, str]:
    """The section's stamp and what it shows (without its stamp and its forms' tokens)."""
    client.force_login(player)
    section = _now(client, event)
    stamp = re.search(r'data-stamp="(\w+)"', section).group(1)
    shown = re.sub(r'name="csrfmiddlewaretoken" value="\w+"', "", section.replace(stamp, ""))
    return stamp, shown


def test_a_204_never_hides_a_change_and_the_confirm_button_names_the_result(client, event, paired):
    """For any results entered, confirmed or withdrawn by either player or the organiser (at
    odd values too), a player's section keeps its stamp only while it shows the same, and the
    player who did not enter a waiting result is asked to confirm exactly it."""
    people = {"first": paired.first.player, "second": paired.second.player,
              "organiser": event.organiser}  # fmt: skip

    @settings(max_examples=6, deadline=None)
    @given(steps=STEPS)
    def check(steps):
        Game.objects.filter(pk=paired.pk).update(
            status=Game.PAIRED, first_vp=None, second_vp=None, reported_by=None, withdrawn_by=None
        )
        cache.clear()  # written around the models' signals: the version is asked again
        seen = {}
        for who, act, (a, b) in steps:
            with contextlib.suppress(services.EventRefused):  # a refusal changes nothing
                ACTS[act](game=paired, by=people[who], first_vp=a, second_vp=b)
            paired.refresh_from_db()
            for side in ("first", "second"):
                stamp, shown = _drawn(client, event, people[side])
                if side in seen and seen[side][0] == stamp:
                    assert seen[side][1] == shown, "the section changed under the same stamp"
                seen[side] = (stamp, shown)
                result = f"{paired.first_vp}–{paired.second_vp}"
                asked = paired.status == Game.REPORTED and paired.reported_by != people[side]
                assert (f">Confirm {result}</button>" in shown) == asked
                assert "waiting for confirmation" not in shown

    check()


def test_an_unchanged_section_costs_the_event_and_its_cached_version(
    client, event, paired, django_assert_num_queries, version_kept
):
    client.force_login(paired.first.player)
    stamp = re.search(r'data-stamp="(\w+)"', _now(client, event)).group(1)
    url = _url("now", event)
    client.get(url, {"since": stamp})  # the session and the user are read once
    with django_assert_num_queries(3):  # the session, the user and the event
        assert client.get(url, {"since": stamp}).status_code == 204


def test_the_bye_a_player_left_unpaired_and_the_last_round_say_so(client, event, players):
    event.rounds = 1
    event.save()
    for player in players[:3]:
        entered(event, player, *LEGAL)
    late = services.entrant_register(event=event, player=players[3])  # never checked in
    games = services.round_pair(event=event, rng=random.Random(1)).games.all()
    bye = next(g for g in games if g.bye)
    client.force_login(bye.first.player)
    now = _now(client, event)
    assert "You have the bye this round" in now and "That was the last round" in now
    client.force_login(late.player)
    assert "You are not paired in this round: ask the organiser at the desk." in _now(client, event)
    played = next(g for g in games if not g.bye)
    services.game_report(game=played, by=event.organiser, first_vp=999, second_vp=1)
    client.force_login(played.second.player)
    now = _now(client, event)
    assert "Result confirmed: 999–1" in now and "That was the last round" in now
    assert "not paired yet" not in now


def test_a_player_not_checked_in_is_asked_to_check_in(client, event, players):
    services.entrant_register(event=event, player=players[0])
    client.force_login(players[0])
    now = _now(client, event)
    assert "Round 1 is not paired yet" in now and "Check in at the desk when you arrive" in now


def test_the_section_says_what_a_notification_would_say_and_the_page_offers_them(
    client, event, paired
):
    me, them = paired.first.player, paired.second.player
    client.force_login(me)
    now = _now(client, event)
    said = f"Round 1: table {paired.table} against {them.username}"
    assert f'data-notice="{said}" data-notice-key="paired:{paired.pk}"' in now
    assert "Tell me when I am paired" in client.get(_url("detail", event)).text
    # a result waiting for my confirmation is a new notice; the one I entered is not
    services.game_report(game=paired, by=them, first_vp=14, second_vp=9)
    now = _now(client, event)
    assert f'data-notice="{them.username} entered 14–9 ({me.username} first): confirm it."' in now
    assert f'data-notice-key="confirm:{paired.pk}:14–9"' in now
    client.force_login(them)
    assert f'data-notice-key="paired:{paired.pk}"' in _now(client, event)
    services.game_confirm(game=paired, by=me, first_vp=14, second_vp=9)
    assert 'data-notice="" data-notice-key=""' in _now(client, event)
    client.logout()
    assert "Tell me when I am paired" not in client.get(_url("detail", event)).text


def test_another_tables_result_is_answered_204_and_the_players_own_is_drawn(client, event, players):
    """At a busy round's peak the event's version moves with every table's result; a player's
    section is drawn again only for their own game's (a hall of phones is not redrawn each
    second)."""
    for player in players[:4]:
        entered(event, player, *LEGAL)
    games = list(services.round_pair(event=event, rng=random.Random(1)).games.all())
    mine, other = games
    client.force_login(mine.first.player)
    stamp = re.search(r'data-stamp="(\w+)"', _now(client, event)).group(1)
    url = _url("now", event)

    services.game_report(game=other, by=event.organiser, first_vp=13, second_vp=7)
    cache.clear()
    assert client.get(url, {"since": stamp}).status_code == 204
    services.game_report(game=mine, by=event.organiser, first_vp=11, second_vp=9)
    cache.clear()
    answer = client.get(url, {"since": stamp})
    assert answer.status_code == 200 and "11–9" in answer.content.decode()
