"""The event page's board (its pairings and standings) drawn once per version of the event: a
second view reads no game, entrant or standings row and works nothing out again, whatever the
size of the event, and any change to what the board shows is a new version at once (issue 41)."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forgebuilder.events import selectors, services, standings
from forgebuilder.events.models import Entrant, Game, Submission
from tests.events.test_event_page_reads import _event


@pytest.fixture
def events(ashen):
    return {size: _event(ashen, size) for size in (16, 200)}


@pytest.fixture
def small(ashen):
    return _event(ashen, 16)


def _view(client, event, **params) -> tuple[str, list[str]]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(reverse("events:detail", args=[event.public_id]), params)
    assert response.status_code == 200
    return response.text, [q["sql"] for q in captured.captured_queries]


def _board(html: str) -> str:
    return html.split('id="round"', 1)[1]


def _worked_out(monkeypatch) -> list[int]:
    """A list that gets an item each time standings are worked out."""
    worked: list[int] = []
    real = standings.standings
    monkeypatch.setattr(standings, "standings", lambda **kw: worked.append(1) or real(**kw))
    return worked


def test_a_second_view_reads_no_row_and_works_no_standings_out(client, events, monkeypatch):
    worked = _worked_out(monkeypatch)
    for size, event in events.items():
        first, _ = _view(client, event)
        again, queries = _view(client, event)

        assert _board(again) == _board(first)
        # the event itself (and, once its second is over, the fingerprint of its rounds,
        # games, entrants and lists: counts and sums, no row)
        rows = [q for q in queries if "SUM(" not in q]
        assert len(rows) == 1 and '"events_event"' in rows[0], (size, queries)
    assert worked == [1, 1]  # once per event, on its first view


def test_a_player_reads_the_same_queries_at_16_and_200_players(client, events):
    counts = []
    for event in events.values():
        game = list(selectors.games_of(selectors.current_round(event)))[-1]
        client.force_login(game.first.player)
        _view(client, event)
        counts.append(len(_view(client, event)[1]))
    assert counts[0] == counts[1]


def test_a_result_entered_shows_at_once_on_every_view(client, small, monkeypatch):
    worked = _worked_out(monkeypatch)
    before, _ = _view(client, small)
    game = selectors.games_of(selectors.current_round(small)).filter(second__isnull=False).first()
    services.game_report(game=game, by=small.organiser, first_vp=17, second_vp=3)

    after, _ = _view(client, small)

    row = after.split(f'id="game-{game.pk}"', 1)[1].split("</li>", 1)[0]
    assert "17–3" in row and "17–3" not in before
    table = after.split('id="standings"', 1)[1]
    assert table != before.split('id="standings"', 1)[1]  # a victory-point difference moved
    assert len(worked) == 2


def test_a_players_own_game_is_drawn_for_them_once_in_its_place(client, small):
    game = selectors.games_of(selectors.current_round(small)).filter(second__isnull=False).first()
    other = selectors.games_of(selectors.current_round(small)).exclude(pk=game.pk).last()
    Game.objects.filter(pk__in=[game.pk, other.pk]).update(
        status=Game.PAIRED, first_vp=None, second_vp=None
    )
    _view(client, small)  # a reader's board, drawn and kept
    client.force_login(game.first.player)

    html, _ = _view(client, small)

    assert html.count(f'id="game-{game.pk}"') == 1
    mine = html.split(f'id="game-{game.pk}"', 1)[1].split("</li>", 1)[0]
    assert mine.startswith(' class="pairing mine"') or 'class="result-form"' in mine
    assert 'class="result-form"' in mine and "Play this game" in mine
    theirs = html.split(f'id="game-{other.pk}"', 1)[1].split("</li>", 1)[0]
    assert "<form" not in theirs
    assert 'id="my-game"' not in html  # in the part shown: not pinned as well


# ---- the fingerprint ---------------------------------------------------------------------------

GAME_CHANGES = {
    "first_vp": st.integers(0, 9999),
    "second_vp": st.integers(0, 9999),
    "status": st.sampled_from([Game.PAIRED, Game.REPORTED, Game.CONFIRMED]),
    "table": st.integers(1, 500),
}


@settings(
    max_examples=15, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)  # fmt: skip
@given(data=st.data())
def test_any_change_the_board_shows_is_a_new_version(small, data):
    games = list(Game.objects.filter(round__event=small).order_by("pk"))
    entrants = list(Entrant.objects.filter(event=small).order_by("pk"))
    before = selectors.board_version(small)
    change = data.draw(st.sampled_from(["game", "swap", "drop", "list", "player gone"]))
    with transaction.atomic():
        if change == "game":
            game = data.draw(st.sampled_from(games))
            field = data.draw(st.sampled_from(sorted(GAME_CHANGES)))
            value = data.draw(GAME_CHANGES[field].filter(lambda v: v != getattr(game, field)))
            Game.objects.filter(pk=game.pk).update(**{field: value})
        elif change == "swap":  # two games exchange their first players
            a, b = data.draw(st.lists(st.sampled_from(games), min_size=2, max_size=2, unique=True))
            Game.objects.filter(pk=a.pk).update(first=b.first_id)
            Game.objects.filter(pk=b.pk).update(first=a.first_id)
        else:
            entrant = data.draw(st.sampled_from(entrants))
            if change == "drop":
                services.entrant_drop(event=small, entrant=entrant)
            elif change == "list":  # one submitted, or one taken away
                deleted, _ = Submission.objects.filter(entrant=entrant).delete()
                if not deleted:
                    Submission.objects.create(
                        entrant=entrant, document={}, module_revision=1, source="x", name="L",
                        faction_name="F", points=1, submitted_at=small.list_deadline,
                    )  # fmt: skip
            else:
                Entrant.objects.filter(pk=entrant.pk).update(player=None)
        after = selectors.board_version(small)
        transaction.set_rollback(True)

    assert after != before, change
    assert selectors.board_version(small) == before


# ---- the reader's whole page -------------------------------------------------------------------


def test_a_reader_without_a_session_gets_the_page_drawn_once_and_the_same_bytes(client, small):
    first = client.get(reverse("events:detail", args=[small.public_id]))
    again = client.get(reverse("events:detail", args=[small.public_id]))

    assert "events/detail.html" in [t.name for t in first.templates]
    assert [t.name for t in again.templates] == []  # nothing drawn: the page kept is sent
    # no token (such a reader has no form) and no cookie: a shared cache may keep it too
    assert '"X-CSRFToken": ""' in again.text and not again.cookies
    assert again.content == first.content


def test_a_reader_with_a_session_or_an_account_gets_a_page_drawn_for_them(client, small):
    client.get(reverse("events:detail", args=[small.public_id]))  # everyone's page, kept
    session = client.session
    session["anything"] = 1
    session.save()  # a session may hold a message or an invitation to show

    with_session = client.get(reverse("events:detail", args=[small.public_id]))

    assert "events/detail.html" in [t.name for t in with_session.templates]
    player = Entrant.objects.filter(event=small).first().player
    client.force_login(player)
    page = client.get(reverse("events:detail", args=[small.public_id]))
    assert "events/detail.html" in [t.name for t in page.templates]
    assert f">{player.username}</a>" in page.text  # the account's own menu
