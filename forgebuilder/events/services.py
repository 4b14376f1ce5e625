"""Writes of an event: registering, submitting and reviewing lists, dropping, pairing, results.

Each runs in one transaction on the locked event row (then the rows it changes) and re-checks
its preconditions there, so two tabs or two people acting at once can't both succeed where only
one may. Every refusal is an EventRefused whose message says what is wrong and what to do.
"""

from __future__ import annotations

import random
import secrets
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from forgebuilder.engine.api import ListDocument
from forgebuilder.rosters.api import KeptRoster

from . import notices, pairing
from .data_version import event_catalog, version_at
from .foreign import roster_verdict
from .matches import game_match, submitted_documents
from .models import Entrant, Event, Game, Round, Submission
from .pack import pack_verdict
from .refusal import EventRefused as EventRefused

# results are entered and confirmed in .results; their callers find them here too
from .results import game_confirm as game_confirm
from .results import game_report as game_report
from .results import game_report_prefill as game_report_prefill
from .results import game_withdraw as game_withdraw
from .selectors import standings_of


def _locked(event: Event) -> Event:
    return Event.objects.select_for_update(of=("self",)).select_related("module").get(pk=event.pk)


def _started(event: Event) -> bool:
    return event.round_set.exists()


@transaction.atomic
def entrant_register(*, event: Event, player: AbstractBaseUser, club: str = "") -> Entrant:
    """Sign `player` up; allowed until round 1 is paired (late registration included)."""
    event = _locked(event)
    if _started(event):
        raise EventRefused(f"{event.name} has started: registration closed with round 1.")
    found = Entrant.objects.filter(event=event, player=player).first()
    if found is not None:
        if found.dropped:
            found.dropped_at = None
            found.dropped_after = None
        found.club = club.strip()
        found.save()
        return found
    try:
        with transaction.atomic():
            return Entrant.objects.create(event=event, player=player, club=club.strip())
    except IntegrityError:  # the same player in another tab, a moment earlier
        return Entrant.objects.get(event=event, player=player)


@transaction.atomic
def submission_submit(
    *, entrant: Entrant, document: ListDocument, source: str, now: datetime | None = None
) -> Submission:
    """Snapshot `document` as the entrant's list, with the pack's verdict; replaces an earlier
    submission until the deadline."""
    now = now or timezone.now()
    event, entrant = _open_for_lists(entrant, now)
    if not event.hosted:
        raise EventRefused(
            f"{event.name} plays {event.game}, a game not hosted here: submit the roster you "
            "kept from the builder you made it in."
        )
    # checked against the event's version of the game data, and kept on it
    catalog = event_catalog(event)
    verdict = pack_verdict(event=event, catalog=catalog, document=document)
    return _submitted(
        entrant,
        now,
        source,
        verdict,
        document=verdict.document.to_json(),
        module_revision=event.module.revision,
        builder="",
        data_version=event.data_version or version_at(event.module),
        name=document.name,
    )


@transaction.atomic
def roster_submit(
    *, entrant: Entrant, kept: KeptRoster, source: str, now: datetime | None = None
) -> Submission:
    """Snapshot a kept foreign roster as the entrant's list for an event of a game not hosted
    here, with its builder's verdict (events/foreign.py); replaces an earlier submission until
    the deadline."""
    now = now or timezone.now()
    event, entrant = _open_for_lists(entrant, now)
    if event.hosted:
        raise EventRefused(
            f"{event.name} plays {event.game}, hosted here: import the roster as a "
            f"{event.game} list, then submit the list."
        )
    verdict = roster_verdict(event=event, roster=kept.roster)
    return _submitted(
        entrant,
        now,
        source,
        verdict,
        document=kept.row.content,
        module_revision=0,
        builder=verdict.builder,
        data_version=None,
        name=verdict.name,
    )


def _submitted(entrant: Entrant, now: datetime, source: str, verdict, **what) -> Submission:
    """The entrant's submission written (replacing an earlier one) with `what` was submitted
    and its verdict, waiting for the organiser's review: the one writer of both kinds."""
    fields = {
        **what,
        "source": source[:200],
        "faction_name": verdict.faction_name,
        "points": verdict.points,
        "problems": list(verdict.problems),
        "review": Submission.PENDING,
        "review_note": "",
        "submitted_at": now,
    }
    submission, _ = Submission.objects.update_or_create(entrant=entrant, defaults=fields)
    return submission


def _open_for_lists(entrant: Entrant, now: datetime) -> tuple[Event, Entrant]:
    """The entrant's event and the entrant, locked, where lists may still be submitted."""
    event = _locked(entrant.event)
    entrant = Entrant.objects.select_for_update().get(pk=entrant.pk)
    if now >= event.list_deadline:
        raise EventRefused(
            f"The list deadline ({_when(event.list_deadline)}) has passed: lists are frozen. "
            "Ask the organiser if something must change."
        )
    if entrant.dropped:
        raise EventRefused("You dropped from this event: register again to submit a list.")
    return event, entrant


@transaction.atomic
def submission_review(*, event: Event, entrant: Entrant, decision: str, note: str = "") -> None:
    """The organiser accepts a list, rejects it, or asks for a fix (with a note for the player)."""
    _locked(event)
    if decision not in {Submission.ACCEPTED, Submission.REJECTED, Submission.FIX}:
        raise EventRefused("Choose accept, reject or ask for a fix.")
    if decision != Submission.ACCEPTED and not note.strip():
        raise EventRefused("Say what is wrong in the note: the player sees it.")
    submission = Submission.objects.select_for_update().filter(entrant=entrant).first()
    if submission is None:
        raise EventRefused(f"{entrant.name} has not submitted a list yet.")
    submission.review = decision
    submission.review_note = note.strip()[:500]
    submission.save(update_fields=["review", "review_note"])


@transaction.atomic
def entrant_check_in(*, event: Event, entrant: Entrant, checked_in: bool = True) -> None:
    _locked(event)
    Entrant.objects.filter(pk=entrant.pk, event=event).update(checked_in=checked_in)


@transaction.atomic
def entrants_check_in(*, event: Event, entrant_ids: list[int], checked_in: bool = True) -> int:
    """Check in (or out) the chosen players of the event at once; the dropped and players of
    another event are left alone. Returns how many changed."""
    _locked(event)
    chosen = Entrant.objects.filter(
        pk__in=entrant_ids, event=event, dropped_at__isnull=True
    ).exclude(checked_in=checked_in)
    return chosen.update(checked_in=checked_in)


@transaction.atomic
def entrant_drop(*, event: Event, entrant: Entrant) -> None:
    """The player leaves (or is dropped): kept in the standings, never paired again."""
    event = _locked(event)
    entrant = Entrant.objects.select_for_update().get(pk=entrant.pk, event=event)
    if entrant.dropped:
        return
    entrant.dropped_at = timezone.now()
    entrant.dropped_after = event.round_set.count()
    entrant.save(update_fields=["dropped_at", "dropped_after"])


TABLES = 8  # a refusal names this many tables, then says how many more


def tables_named(first: list[int], count: int) -> str:
    """ "table 4", "tables 1, 3 and 7" or, for a round of 512 open games, "tables 1, 2, ...,
    8 and 504 more": `first`, the lowest table numbers of `count`."""
    if count == 1:
        return f"table {first[0]}"
    if count == len(first):  # every table named: the last after "and"
        shown, last = first[:-1], str(first[-1])
    else:
        shown, last = first, f"{count - len(first)} more"
    return f"tables {', '.join(map(str, shown))} and {last}"


def draw_seed() -> int:
    """The draw of a round: kept with it, so the same standings and seed pair the same way."""
    return secrets.randbelow(2**32)


@transaction.atomic
def round_pair(*, event: Event, rng: random.Random | None = None, base_url: str = "") -> Round:
    """Pair the next round from the standings; refused while a game of the last one is open.
    With `base_url` (the site's address), the players who asked are e-mailed their table once
    the pairing is committed."""
    event = _locked(event)
    last = event.round_set.order_by("-number").first()
    number = (last.number if last else 0) + 1
    if number > event.rounds:
        raise EventRefused(f"All {event.rounds} rounds are paired: the event is complete.")
    if last is not None:
        open_games = last.games.exclude(status=Game.CONFIRMED).exclude(second__isnull=True)
        if count := open_games.count():
            first = list(open_games.order_by("table").values_list("table", flat=True)[:TABLES])
            raise EventRefused(
                f"Round {last.number} still has {count} game{'s' if count > 1 else ''} without "
                f"a confirmed result ({tables_named(first, count)}): enter or confirm "
                f"{'them' if count > 1 else 'it'} first."
            )
    playing = _playing(event, first_round=last is None)
    if len(playing) < 2:
        raise EventRefused(
            "At least two checked-in players are needed to pair a round: check players in "
            "on the desk."
        )
    seed = None if rng is not None else draw_seed()
    result = pairing.pair_round(
        entrants=_pairing_view(event, playing),
        round_number=number,
        seeded=event.first_round == Event.SEEDED,
        rng=rng or random.Random(seed),
    )
    new = Round.objects.create(
        event=event, number=number, warnings=list(result.warnings), seed=seed
    )
    by_key = {str(e.pk): e for e in playing}
    games = [
        Game(
            round=new,
            table=p.table,
            first=by_key[p.first],
            second=by_key[p.second] if p.second else None,
            status=Game.PAIRED if p.second else Game.CONFIRMED,
        )
        for p in result.pairings
    ]
    documents = submitted_documents(event, playing)
    for game in games:
        game.match = game_match(event, game, documents)
    Game.objects.bulk_create(games)
    if base_url:
        transaction.on_commit(
            lambda: notices.notify_round.enqueue(round_id=new.pk, base_url=base_url)
        )
    return new


@transaction.atomic
def entrant_notify(*, entrant: Entrant, on: bool) -> None:
    """The player asks (or no longer asks) for their table by e-mail each round."""
    Entrant.objects.filter(pk=entrant.pk).update(notify=on)


@transaction.atomic
def games_swap(*, event: Event, first: Entrant, second: Entrant) -> list[str]:
    """The organiser swaps two players of the current round between their games (a bye
    included); refused once either game has a result. Returns the rematches it makes."""
    event = _locked(event)
    current = event.round_set.order_by("-number").first()
    if current is None:
        raise EventRefused("Pair round 1 first.")
    if first.pk == second.pk:
        raise EventRefused("Choose two different players to swap.")
    games = list(
        Game.objects.select_for_update(of=("self",))
        .filter(round=current)
        .select_related("first__player", "second__player")
    )
    slots = {}
    for game in games:
        for side in ("first", "second"):
            entrant_id = getattr(game, f"{side}_id")
            if entrant_id in (first.pk, second.pk):
                slots[entrant_id] = (game, side)
    if len(slots) != 2:
        raise EventRefused(f"Both players must be paired in round {current.number}.")
    (game_a, side_a), (game_b, side_b) = slots[first.pk], slots[second.pk]
    if game_a.pk == game_b.pk:
        raise EventRefused("These two players already play each other.")
    for game in (game_a, game_b):
        if game.status != Game.PAIRED and not game.bye:
            raise EventRefused(f"Table {game.table} has a result: swap before results come in.")
    setattr(game_a, side_a, second)
    setattr(game_b, side_b, first)
    return _after_swap(event, current, (game_a, game_b))


def _after_swap(event: Event, current: Round, games: tuple[Game, Game]) -> list[str]:
    earlier = {
        frozenset((g.first_id, g.second_id))
        for g in Game.objects.filter(round__event=event, round__number__lt=current.number)
    }
    documents = submitted_documents(event, [e for g in games for e in (g.first, g.second) if e])
    warnings = []
    for game in games:
        if game.second is None and game.first.pk in _had_bye(event, current):
            warnings.append(f"{game.first.name} gets a second bye.")
        elif game.second is not None and frozenset((game.first_id, game.second_id)) in earlier:
            warnings.append(f"{game.first.name} and {game.second.name} met in an earlier round.")
        game.status = Game.PAIRED if game.second is not None else Game.CONFIRMED
        game.first_vp = game.second_vp = None
        game.match = game_match(event, game, documents)
        game.save(update_fields=["first", "second", "status", "first_vp", "second_vp", "match"])
    return warnings


def _had_bye(event: Event, current: Round) -> set[int]:
    return set(
        Game.objects.filter(
            round__event=event, round__number__lt=current.number, second__isnull=True
        ).values_list("first_id", flat=True)
    )


def _playing(event: Event, *, first_round: bool) -> list[Entrant]:
    entrants = event.entrants.filter(dropped_at__isnull=True).select_related("player")
    if first_round:
        entrants = entrants.filter(checked_in=True)
    return list(entrants)


def _pairing_view(event: Event, playing: list[Entrant]) -> list[pairing.Entrant]:
    rows = {row.key: row for row in standings_of(event=event)}
    tables: dict[str, set[int]] = {}
    seated = Game.objects.filter(round__event=event, table__isnull=False)
    for table, *entrant_ids in seated.values_list("table", "first_id", "second_id"):
        for entrant_id in entrant_ids:
            tables.setdefault(str(entrant_id), set()).add(table)
    views = []
    for entrant in playing:
        row = rows[str(entrant.pk)]
        views.append(
            pairing.Entrant(
                key=str(entrant.pk),
                score=row.points,
                path=tuple(row.path),
                rating=entrant.rating,
                club=entrant.club,
                opponents=frozenset(row.opponents),
                tables=frozenset(tables.get(str(entrant.pk), ())),
                had_bye=row.byes > 0,
            )
        )
    return views


def _when(moment: datetime) -> str:
    return timezone.localtime(moment).strftime("%d %b %Y, %H:%M")
