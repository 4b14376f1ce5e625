"""Results: a player enters a game's result, the opponent confirms it or either withdraws it;
the organiser's entry is final. Each runs in one short transaction on the game's row, the event
held only against pairing (a shared lock), and a retried post is applied once.

The event services re-export these (`services.game_report`...).
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import connection, transaction

from . import notices, pushes
from .models import Event, Game
from .refusal import EventRefused


def _held_for_results(event_id: int) -> Event:
    """The event, locked FOR SHARE on PostgreSQL (SQLite serialises every write anyway)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1 FROM events_event WHERE id = %s FOR SHARE", [event_id])
    return Event.objects.select_related("module").get(pk=event_id)


@transaction.atomic
def game_report(*, game: Game, by: AbstractBaseUser, first_vp: int, second_vp: int) -> Game:
    """Enter a result. A player's entry waits for the opponent's confirmation and changes only
    by being withdrawn; the organiser's is final (and overrides)."""
    event, game = _locked_game(game)
    organiser = by.pk == event.organiser_id
    if game.bye:
        raise EventRefused("A bye has no result to enter.")
    if not organiser and game.side_of(by) is None:
        raise EventRefused("Only the two players of this game or the organiser enter its result.")
    if not organiser and game.status != Game.PAIRED and _same(game, first_vp, second_vp):
        if game.status == Game.REPORTED and game.reported_by_id != by.pk:
            # the opponent entered the very result that waits for them: that is agreeing
            game.status = Game.CONFIRMED
            game.save(update_fields=["status"])
        return game  # else a retried or doubled post: the result is in already, applied once
    if not organiser and game.status == Game.CONFIRMED:
        raise EventRefused("This result is confirmed: ask the organiser to change it.")
    if not organiser and game.status == Game.REPORTED:
        raise EventRefused(
            f"Table {game.table}: {_result(game)} waits for confirmation. To change it, withdraw "
            "it first (your opponent sees that it was withdrawn)."
        )
    if game.round.number != event.round_set.count() and not organiser:
        raise EventRefused("This round is over: ask the organiser to change its results.")
    game.first_vp, game.second_vp = first_vp, second_vp
    game.status = Game.CONFIRMED if organiser else Game.REPORTED
    game.reported_by = by
    game.withdrawn_by = None
    game.save(update_fields=["first_vp", "second_vp", "status", "reported_by", "withdrawn_by"])
    if not organiser and pushes.result_awaited(game, by):
        game_id = game.pk
        transaction.on_commit(lambda: notices.notify_result.enqueue(game_id=game_id))
    return game


def _locked_game(game: Game) -> tuple[Event, Game]:
    """The game's event held against pairing, then the game locked (in that order, as every
    event step locks): the game read again, with its players and who entered its result.

    The event is held with a shared lock: results at different tables go on side by side (at
    peak every table reports in the same minute), while pairing the next round, which locks the
    event for itself, waits for the results in flight and they for it."""
    round_ = game.round  # its number and event never change: read once, not again locked
    event = _held_for_results(round_.event_id)
    # who entered the result is read after the lock, not joined to it: a row locked after
    # waiting for another result is read again as that one left it, but PostgreSQL does not
    # read a joined row again (the player who entered it would still be none)
    locked = (
        Game.objects.select_for_update(of=("self",))
        .select_related("first", "second")
        .get(pk=game.pk)
    )
    locked.round = round_
    return event, locked


def _same(game: Game, first_vp: int, second_vp: int) -> bool:
    return (game.first_vp, game.second_vp) == (first_vp, second_vp)


def _result(game: Game) -> str:
    return f"{game.first_vp}–{game.second_vp}"


@transaction.atomic
def game_report_prefill(*, game: Game, by: AbstractBaseUser, first_vp: int, second_vp: int) -> Game:
    """Enter a result a player tracked at the table (both scores, for the opponent to
    confirm), only while the pairing has no result: one already entered is never replaced."""
    _event, locked = _locked_game(game)
    if locked.status != Game.PAIRED:
        who = f" by {locked.reported_by.get_username()}" if locked.reported_by else ""
        raise EventRefused(
            f"The result of table {locked.table} is already entered{who}: confirm or change it "
            "on the event page."
        )
    return game_report(game=locked, by=by, first_vp=first_vp, second_vp=second_vp)


@transaction.atomic
def game_confirm(*, game: Game, by: AbstractBaseUser, first_vp: int, second_vp: int) -> Game:
    """The opponent of the player who entered the result agrees with it: with the values they
    saw, refused if the result is not those any more (it was withdrawn and entered again)."""
    _event, game = _locked_game(game)
    if game.side_of(by) is None:
        raise EventRefused("Only the two players of this game confirm its result.")
    if game.status == Game.CONFIRMED and _same(game, first_vp, second_vp):
        return game  # a retried or doubled confirmation: confirmed once
    if game.status != Game.REPORTED:
        if game.status == Game.CONFIRMED:
            raise EventRefused(f"Table {game.table}: the result {_result(game)} is confirmed.")
        if game.withdrawn_by_id:
            raise EventRefused(
                f"Table {game.table}: the result {_result(game)} was withdrawn, so there is "
                "nothing to confirm; enter the result, or wait for your opponent's."
            )
        raise EventRefused("There is no entered result to confirm.")
    if by.pk == game.reported_by_id:
        raise EventRefused("Your opponent confirms the result you entered.")
    if (game.first_vp, game.second_vp) != (first_vp, second_vp):
        raise EventRefused(
            f"Table {game.table}: the result is now {_result(game)}, not the "
            f"{first_vp}–{second_vp} you confirmed: it was changed since you opened the page. "
            "Nothing was confirmed; check it and confirm again if it is right."
        )
    game.status = Game.CONFIRMED
    game.save(update_fields=["status"])
    return game


@transaction.atomic
def game_withdraw(*, game: Game, by: AbstractBaseUser, first_vp: int, second_vp: int) -> Game:
    """Either player takes back a result that waits for confirmation (the one who entered it, to
    correct it; the opponent, when it is wrong): the game is open again and says so."""
    _event, game = _locked_game(game)
    if game.side_of(by) is None:
        raise EventRefused("Only the two players of this game withdraw its result.")
    if game.status != Game.REPORTED or (game.first_vp, game.second_vp) != (first_vp, second_vp):
        raise EventRefused(
            f"Table {game.table}: {_result(game) if game.status != Game.PAIRED else 'no result'} "
            f"is what the game holds now, not the {first_vp}–{second_vp} you withdrew: nothing "
            "was changed."
        )
    game.status = Game.PAIRED
    game.withdrawn_by = by
    game.save(update_fields=["status", "withdrawn_by"])
    return game
