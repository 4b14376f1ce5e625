"""Two tabs or two people acting on one event at once: exactly one pairing of a round, one
result, one submission per player (PostgreSQL row locks; SQLite serialises every write)."""

from __future__ import annotations

import random
from functools import partial

from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.events import services
from forgebuilder.events.models import Entrant, Game, Round, Submission
from tests.concurrency import POSTGRES_ONLY, at_once
from tests.events.conftest import make_army

pytestmark = POSTGRES_ONLY


def _checked_in(event, players):
    for p in players:
        services.entrant_check_in(
            event=event, entrant=services.entrant_register(event=event, player=p)
        )


def test_two_tabs_pairing_the_next_round_make_one_round(event, players):
    _checked_in(event, players[:6])
    results = at_once(
        lambda: services.round_pair(event=event, rng=random.Random(1)),
        lambda: services.round_pair(event=event, rng=random.Random(2)),
    )
    assert Round.objects.filter(event=event).count() == 1
    assert Game.objects.filter(round__event=event).count() == 3
    refused = [r for r in results if isinstance(r, services.EventRefused)]
    assert len(refused) == 1
    assert "Round 1 still has 3 games without a confirmed result" in str(refused[0])


def test_both_players_entering_a_result_at_once_leave_one_result_to_confirm(event, players):
    _checked_in(event, players[:2])
    game = services.round_pair(event=event, rng=random.Random(1)).games.get()
    first, second = game.first.player, game.second.player
    results = at_once(
        lambda: services.game_report(game=game, by=first, first_vp=10, second_vp=4),
        lambda: services.game_report(game=game, by=second, first_vp=4, second_vp=10),
    )
    # The first entry waits for confirmation; the second is refused, never mixed with it.
    refused = [r for r in results if isinstance(r, services.EventRefused)]
    assert len(refused) == 1 and "waits for confirmation" in str(refused[0]), results
    game.refresh_from_db()
    assert game.status == Game.REPORTED
    assert (game.first_vp, game.second_vp, game.reported_by_id) in {
        (10, 4, first.pk),
        (4, 10, second.pk),
    }


def test_a_confirmation_racing_a_change_never_confirms_a_result_unseen(event, players):
    # A enters 10-10; B's page shows 10-10; A withdraws it and enters 20-0 while B confirms.
    # Twenty races: what is confirmed is always the result B saw, or nothing is.
    _checked_in(event, players[:2])
    game = services.round_pair(event=event, rng=random.Random(1)).games.get()
    a, b = game.first.player, game.second.player
    outcomes = set()
    for _ in range(20):
        Game.objects.filter(pk=game.pk).update(
            status=Game.PAIRED, first_vp=None, second_vp=None, reported_by=None, withdrawn_by=None
        )
        services.game_report(game=game, by=a, first_vp=10, second_vp=10)

        def change():
            services.game_withdraw(game=game, by=a, first_vp=10, second_vp=10)
            return services.game_report(game=game, by=a, first_vp=20, second_vp=0)

        results = at_once(
            change, lambda: services.game_confirm(game=game, by=b, first_vp=10, second_vp=10)
        )
        game.refresh_from_db()
        if game.status == Game.CONFIRMED:
            assert (game.first_vp, game.second_vp) == (10, 10), results
            assert isinstance(results[0], services.EventRefused)
            outcomes.add("confirmed what was seen")
        else:
            assert (game.status, game.first_vp, game.second_vp) == (Game.REPORTED, 20, 0)
            assert isinstance(results[1], services.EventRefused), results
            outcomes.add("refused")
    assert outcomes  # each trial ended one of the two right ways


def test_registering_from_two_tabs_makes_one_entry(event, players):
    at_once(
        lambda: services.entrant_register(event=event, player=players[0]),
        lambda: services.entrant_register(event=event, player=players[0]),
    )
    assert Entrant.objects.filter(event=event, player=players[0]).count() == 1


def test_submitting_from_two_tabs_keeps_one_whole_submission(event, players):
    entrant = services.entrant_register(event=event, player=players[0])
    small = make_army(event.module, players[0], "cinder_compact", "lantern_marshal", name="A")
    big = make_army(
        event.module, players[0], "cinder_compact", "lantern_marshal", "lightbearer_squad",
        name="B",
    )  # fmt: skip
    results = at_once(
        *(
            lambda army=army: services.submission_submit(
                entrant=entrant, document=ListDocument.model_validate(army.document), source="x"
            )
            for army in (small, big)
        )
    )
    assert not [r for r in results if isinstance(r, Exception)]
    submission = Submission.objects.get(entrant=entrant)
    assert (submission.name, len(submission.document["units"])) in {("A", 1), ("B", 2)}


def test_a_registration_racing_round_one_is_either_in_before_it_or_refused(event, players):
    _checked_in(event, players[:4])
    results = at_once(
        lambda: services.round_pair(event=event, rng=random.Random(1)),
        lambda: services.entrant_register(event=event, player=players[5]),
    )
    entry = Entrant.objects.filter(event=event, player=players[5]).first()
    if isinstance(results[1], services.EventRefused):
        assert entry is None
    else:
        assert entry is not None  # registered just before: not checked in, so not paired
        assert not Game.objects.filter(first=entry).exists()


def _held_result(game, inside, release):
    """A result being entered at `game`'s table, its transaction held open until `release`."""
    from django.db import transaction

    def run():
        with transaction.atomic():
            services.game_report(game=game, by=game.first.player, first_vp=10, second_vp=4)
            inside.set()
            if not release.wait(5):
                raise TimeoutError("the other side never finished while this result was open")

    return run


def test_results_at_two_tables_go_on_side_by_side(event, players):
    import threading

    _checked_in(event, players[:4])
    one, two = services.round_pair(event=event, rng=random.Random(1)).games.all()
    inside, release = threading.Event(), threading.Event()

    def other_table():
        assert inside.wait(5)
        try:
            return services.game_report(game=two, by=two.first.player, first_vp=3, second_vp=9)
        finally:
            release.set()

    held, other = at_once(_held_result(one, inside, release), other_table)

    assert not isinstance(held, Exception), held
    assert not isinstance(other, Exception), other
    assert set(Game.objects.filter(round__event=event).values_list("status", flat=True)) == {
        Game.REPORTED
    }


def test_pairing_waits_for_a_result_in_flight(event, players):
    import threading
    import time

    _checked_in(event, players[:2])
    game = services.round_pair(event=event, rng=random.Random(1)).games.get()
    services.game_report(game=game, by=event.organiser, first_vp=1, second_vp=1)
    inside = threading.Event()
    finished: dict[str, float] = {}

    def organiser_override():
        from django.db import transaction

        with transaction.atomic():
            services.game_report(game=game, by=event.organiser, first_vp=10, second_vp=4)
            inside.set()
            time.sleep(0.5)
            finished["override"] = time.monotonic()

    def pair_next():
        assert inside.wait(5)
        services.round_pair(event=event, rng=random.Random(2))
        finished["pairing"] = time.monotonic()

    results = at_once(organiser_override, pair_next)

    assert not any(isinstance(r, Exception) for r in results), results
    assert finished["pairing"] > finished["override"]  # it paired on the result as corrected


def _open_game(event, players):
    _checked_in(event, players[:2])
    return services.round_pair(event=event, rng=random.Random(1)).games.get()


def test_the_same_result_posted_twice_at_once_is_applied_once(event, players):
    game = _open_game(event, players)
    first = game.first.player
    results = at_once(
        *(lambda: services.game_report(game=game, by=first, first_vp=10, second_vp=4) for _ in "ab")
    )
    assert not any(isinstance(r, Exception) for r in results), results  # both answered done
    game.refresh_from_db()
    assert (game.status, game.first_vp, game.second_vp, game.reported_by_id) == (
        Game.REPORTED,
        10,
        4,
        first.pk,
    )


def test_a_result_and_its_confirmation_at_once_never_confirm_other_values(event, players):
    game = _open_game(event, players)
    first, second = game.first.player, game.second.player
    report = partial(services.game_report, game=game, by=first, first_vp=10, second_vp=4)
    confirm = partial(services.game_confirm, game=game, by=second, first_vp=10, second_vp=4)
    outcomes = set()
    for _ in range(6):
        _reopened(game)
        results = at_once(report, confirm)
        assert not isinstance(results[0], Exception), results
        game.refresh_from_db()
        assert (game.first_vp, game.second_vp) == (10, 4)
        if game.status == Game.CONFIRMED:
            outcomes.add("confirmed")
        else:
            assert game.status == Game.REPORTED and isinstance(results[1], services.EventRefused)
            outcomes.add("waits")
    assert outcomes


def _reopened(game):
    Game.objects.filter(pk=game.pk).update(
        status=Game.PAIRED, first_vp=None, second_vp=None, reported_by=None, withdrawn_by=None
    )
    game.refresh_from_db()
    return game


def test_a_confirmation_while_the_organiser_overrides_ends_on_the_organisers_result(event, players):
    game = _open_game(event, players)
    first, second = game.first.player, game.second.player
    confirm = partial(services.game_confirm, game=game, by=second, first_vp=10, second_vp=4)
    override = partial(services.game_report, game=game, by=event.organiser, first_vp=7, second_vp=7)
    for _ in range(6):
        _reopened(game)
        services.game_report(game=game, by=first, first_vp=10, second_vp=4)
        results = at_once(confirm, override)
        assert not isinstance(results[1], Exception), results
        game.refresh_from_db()
        assert (game.status, game.first_vp, game.second_vp) == (Game.CONFIRMED, 7, 7), results
