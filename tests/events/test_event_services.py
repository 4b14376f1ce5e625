"""Event writes: submissions as snapshots checked against the pack, reviews, drops, rounds and
results, each refused in players' words when the event's state or the user's role forbids it."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from django.utils import timezone

from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.events import services
from forgebuilder.events.models import Game, Submission
from forgebuilder.events.selectors import desk_of, standings_of
from forgebuilder.events.services import EventRefused
from tests.events.conftest import make_army

LEGAL = ("lantern_marshal", "lightbearer_squad")
THREE_HEROES = ("lantern_marshal", "lantern_marshal", "lantern_marshal")


def _doc(army) -> ListDocument:
    return ListDocument.model_validate(army.document)


def _submit(event, player, *datasheets, faction="cinder_compact", **kw):
    entrant = services.entrant_register(event=event, player=player)
    army = make_army(event.module, player, faction, *datasheets, name=f"{player}'s list")
    return services.submission_submit(
        entrant=entrant, document=_doc(army), source=army.public_id, **kw
    )


def test_a_submission_is_a_snapshot_at_the_events_size(event, players):
    army = make_army(event.module, players[0], "cinder_compact", *LEGAL)
    entrant = services.entrant_register(event=event, player=players[0], club=" Leeds ")
    submitted = services.submission_submit(entrant=entrant, document=_doc(army), source="x")
    # The list was built at 2,000 points; the event plays it at 1,000.
    assert submitted.document["points_limit"] == 1000
    assert (submitted.points, submitted.legal, submitted.faction_name) == (
        180,
        True,
        "The Cinder Compact",
    )
    assert submitted.module_revision == event.module.revision
    assert entrant.club == "Leeds"
    army.document = {**army.document, "units": []}
    army.save()
    submitted.refresh_from_db()
    assert len(submitted.document["units"]) == 2  # later edits of the list change nothing


def test_an_illegal_list_gets_every_problem_with_its_units(event, players):
    submitted = _submit(event, players[0], *THREE_HEROES)
    assert not submitted.legal
    codes = [p["code"] for p in submitted.problems]
    assert codes == ["too-many-heroes", "too-many-copies"]
    assert "a 1,000-point list may field 2" in submitted.problems[0]["message"]
    assert submitted.problems[0]["units"] == ["Lantern-Marshal"] * 3


def test_resubmitting_before_the_deadline_replaces_the_list_and_its_review(event, players):
    first = _submit(event, players[0], *THREE_HEROES)
    services.submission_review(
        event=event, entrant=first.entrant, decision=Submission.FIX, note="Too many heroes"
    )
    second = _submit(event, players[0], *LEGAL)
    assert second.pk == first.pk
    assert (second.legal, second.review, second.review_note) == (True, "pending", "")
    assert Submission.objects.count() == 1


def test_after_the_deadline_lists_are_frozen(event, players):
    late = event.list_deadline + dt.timedelta(minutes=1)
    with pytest.raises(EventRefused, match=r"deadline .* has passed: lists are frozen"):
        _submit(event, players[0], *LEGAL, now=late)
    assert not Submission.objects.exists()


def test_a_faction_the_pack_does_not_allow_is_a_problem(event, players):
    event.factions = ["gutterfleet", "hollow_choir"]
    event.save()
    submitted = _submit(event, players[0], *LEGAL)
    assert submitted.problems[0]["code"] == "event_faction_not_allowed"
    assert submitted.problems[0]["message"] == (
        "The Cinder Compact is not played at Ember Cup: the pack allows The Gutterfleet, "
        "The Hollow Choir."
    )


def test_rejecting_or_asking_for_a_fix_needs_a_note(event, players):
    submitted = _submit(event, players[0], *LEGAL)
    with pytest.raises(EventRefused, match="Say what is wrong in the note"):
        services.submission_review(event=event, entrant=submitted.entrant, decision="rejected")
    services.submission_review(event=event, entrant=submitted.entrant, decision="accepted")
    submitted.refresh_from_db()
    assert submitted.get_review_display() == "Accepted"


def test_the_desk_counts_lists_in_and_lists_with_problems(event, players):
    _submit(event, players[0], *LEGAL)
    _submit(event, players[1], *THREE_HEROES)
    services.entrant_register(event=event, player=players[2])
    desk = desk_of(event=event, sort="verdict")
    assert (desk.registered, desk.lists_in, desk.with_problems) == (3, 2, 1)
    assert [r.verdict for r in desk.rows] == [
        "No list yet",
        "Problems",
        "To review",
    ]


def _checked_in(event, players):
    entrants = [services.entrant_register(event=event, player=p) for p in players]
    for e in entrants:
        services.entrant_check_in(event=event, entrant=e)
    return entrants


def test_round_one_pairs_checked_in_players_and_gives_an_odd_one_the_bye(event, players):
    _checked_in(event, players[:5])
    services.entrant_register(event=event, player=players[5])  # registered, not checked in
    first = services.round_pair(event=event, rng=random.Random(1))
    games = list(first.games.all())
    assert len(games) == 3
    assert sum(g.bye for g in games) == 1
    assert sorted(g.table for g in games if not g.bye) == [1, 2]
    seated = {g.first.player for g in games} | {g.second.player for g in games if g.second}
    assert seated == set(players[:5])


def test_the_next_round_waits_for_every_result_and_registration_closes(event, players):
    _checked_in(event, players[:4])
    services.round_pair(event=event, rng=random.Random(1))
    with pytest.raises(EventRefused, match=r"Round 1 still has 2 games without a confirmed result"):
        services.round_pair(event=event, rng=random.Random(1))
    with pytest.raises(EventRefused, match="registration closed with round 1"):
        services.entrant_register(event=event, player=players[7])


def test_the_refusal_names_a_few_open_tables_and_counts_the_rest(event, players):
    _checked_in(event, players[:4])
    first = services.round_pair(event=event, rng=random.Random(1))
    with pytest.raises(EventRefused) as refused:
        services.round_pair(event=event, rng=random.Random(1))
    assert (
        "still has 2 games without a confirmed result (tables 1 and 2): enter or confirm them"
        in str(refused.value)
    )
    game = first.games.get(table=1)
    services.game_report(game=game, by=event.organiser, first_vp=9, second_vp=4)
    with pytest.raises(
        EventRefused,
        match=r"has 1 game without a confirmed result \(table 2\): enter or confirm it first",
    ):
        services.round_pair(event=event, rng=random.Random(1))


@pytest.mark.parametrize(
    ("first", "count", "said"),
    [
        ([7], 1, "table 7"),
        ([1, 3, 7], 3, "tables 1, 3 and 7"),
        ([1, 2, 3, 4, 5, 6, 7, 8], 8, "tables 1, 2, 3, 4, 5, 6, 7 and 8"),
        ([1, 2, 3, 4, 5, 6, 7, 8], 9, "tables 1, 2, 3, 4, 5, 6, 7, 8 and 1 more"),
        ([1, 2, 3, 4, 5, 6, 7, 8], 512, "tables 1, 2, 3, 4, 5, 6, 7, 8 and 504 more"),
    ],
)
def test_open_tables_are_named_up_to_eight(first, count, said):
    assert services.tables_named(first, count) == said


def test_a_players_result_waits_for_the_opponent_and_the_organiser_overrides(
    event, players, organiser
):
    _checked_in(event, players[:2])
    game = services.round_pair(event=event, rng=random.Random(1)).games.get()
    first, second = game.first.player, game.second.player
    with pytest.raises(EventRefused, match="Only the two players of this game or the organiser"):
        services.game_report(game=game, by=players[5], first_vp=1, second_vp=0)
    services.game_report(game=game, by=first, first_vp=12, second_vp=7)
    with pytest.raises(EventRefused, match="Your opponent confirms the result you entered"):
        services.game_confirm(game=game, by=first, first_vp=12, second_vp=7)
    assert standings_of(event=event)[0].points == 0  # not counted until confirmed
    services.game_confirm(game=game, by=second, first_vp=12, second_vp=7)
    with pytest.raises(EventRefused, match="confirmed: ask the organiser"):
        services.game_report(game=game, by=second, first_vp=0, second_vp=20)
    services.game_report(game=game, by=organiser, first_vp=7, second_vp=12)
    game.refresh_from_db()
    assert (game.status, game.first_vp, game.second_vp) == (Game.CONFIRMED, 7, 12)
    top = standings_of(event=event)[0]
    assert (top.key, top.points, top.vp_diff) == (str(game.second_id), 3, 5)


def test_a_dropped_player_stays_in_the_standings_and_is_not_paired_again(event, players):
    entrants = _checked_in(event, players[:4])
    round_one = services.round_pair(event=event, rng=random.Random(2))
    for game in round_one.games.all():
        services.game_report(game=game, by=event.organiser, first_vp=10, second_vp=0)
    services.entrant_drop(event=event, entrant=entrants[3])
    round_two = services.round_pair(event=event, rng=random.Random(2))
    paired = {g.first_id for g in round_two.games.all()} | {
        g.second_id for g in round_two.games.all()
    }
    assert entrants[3].pk not in paired
    assert round_two.games.filter(second__isnull=True).count() == 1  # three left: one bye
    assert len(standings_of(event=event)) == 4


def test_a_confirmation_carries_the_result_it_confirms(event, players):
    # A enters 10-10, B opens the page (10-10); A would enter 20-0: a result waiting for
    # confirmation changes only by being withdrawn, and B's confirmation of 10-10 is then refused.
    _checked_in(event, players[:2])
    game = services.round_pair(event=event, rng=random.Random(1)).games.get()
    a, b = game.first.player, game.second.player
    services.game_report(game=game, by=a, first_vp=10, second_vp=10)
    with pytest.raises(
        EventRefused, match=r"10–10 waits for confirmation\. To change it, withdraw"
    ):
        services.game_report(game=game, by=a, first_vp=20, second_vp=0)
    with pytest.raises(EventRefused, match="waits for confirmation"):
        services.game_report(game=game, by=b, first_vp=0, second_vp=20)
    services.game_withdraw(game=game, by=a, first_vp=10, second_vp=10)
    with pytest.raises(EventRefused, match="10–10 was withdrawn, so there is nothing to confirm"):
        services.game_confirm(game=game, by=b, first_vp=10, second_vp=10)
    services.game_report(game=game, by=a, first_vp=20, second_vp=0)
    with pytest.raises(EventRefused, match="now 20–0, not the 10–10 you confirmed"):
        services.game_confirm(game=game, by=b, first_vp=10, second_vp=10)
    game.refresh_from_db()
    assert game.status == Game.REPORTED
    services.game_confirm(game=game, by=b, first_vp=20, second_vp=0)
    game.refresh_from_db()
    assert (game.status, game.first_vp, game.second_vp) == (Game.CONFIRMED, 20, 0)
    with pytest.raises(EventRefused, match="not the 20–0 you withdrew"):
        services.game_withdraw(game=game, by=a, first_vp=20, second_vp=0)


def test_the_opponent_rejects_a_wrong_result_and_both_see_it_was_withdrawn(client, event, players):
    from forgebuilder.events.presenters import game_row

    _checked_in(event, players[:2])
    game = services.round_pair(event=event, rng=random.Random(1)).games.get()
    a, b = game.first.player, game.second.player
    services.game_report(game=game, by=a, first_vp=14, second_vp=9)
    services.game_withdraw(game=game, by=b, first_vp=14, second_vp=9)
    game = event.round_set.get().games.select_related("withdrawn_by", "first", "second").get()
    for viewer in (a, b):
        row = game_row(game, viewer, organiser=False)
        assert row["withdrawn"] == f"14–9 was withdrawn by {b.get_username()}"
        assert row["may_enter"] and not row["may_confirm"]


def test_the_event_is_complete_only_when_the_last_rounds_results_are_confirmed(event, players):
    from forgebuilder.events.selectors import all_rounds_paired, current_round, is_complete

    event.rounds = 1
    event.save()
    _checked_in(event, players[:3])  # one game and a bye
    current = services.round_pair(event=event, rng=random.Random(1))
    game = current.games.get(second__isnull=False)
    assert all_rounds_paired(event, current) and not is_complete(event, current)
    services.game_report(game=game, by=game.first.player, first_vp=3, second_vp=3)
    assert not is_complete(event, current)  # reported, not confirmed
    with pytest.raises(EventRefused, match="All 1 rounds are paired"):
        services.round_pair(event=event, rng=random.Random(1))
    services.game_confirm(game=game, by=game.second.player, first_vp=3, second_vp=3)
    assert is_complete(event, current_round(event))


def test_lists_are_hidden_until_the_reveal_time(event, players, organiser):
    from django.contrib.auth.models import AnonymousUser

    from forgebuilder.events.selectors import may_see_list

    entrant = _submit(event, players[0], *LEGAL).entrant
    for viewer, sees in ((organiser, True), (players[0], True), (players[1], False)):
        assert may_see_list(event, entrant, viewer) is sees
    assert may_see_list(event, entrant, AnonymousUser()) is False
    event.reveal_at = timezone.now() - dt.timedelta(seconds=1)
    assert may_see_list(event, entrant, players[1]) is True


def test_a_player_who_deletes_their_account_stays_in_the_results_as_a_former_player(event, players):
    from forgebuilder.accounts.deletion import account_delete
    from forgebuilder.events.presenters import standings_rows

    entrants = _checked_in(event, players[:2])
    game = services.round_pair(event=event, rng=random.Random(1)).games.get()
    services.game_report(game=game, by=event.organiser, first_vp=12, second_vp=3)
    leaver = game.second.player
    account_delete(user=leaver)
    game.refresh_from_db()
    assert (game.first_vp, game.second_vp, game.status) == (12, 3, Game.CONFIRMED)
    rows = standings_rows(event)
    assert [(r["name"], r["points"]) for r in rows] == [
        (game.first.player.username, 3),
        ("former player", 0),
    ]
    assert len(entrants) == event.entrants.count()
