"""What event pages show, as plain values: templates only format them."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Exists, OuterRef
from django.utils import timezone

from factions.catalog import catalog_for
from forgebuilder.engine.api import ListDocument
from forgebuilder.lists.api import evaluated_document

from . import selectors
from .models import Entrant, Event, Game, Submission
from .standings import TIEBREAKERS


def _names(event: Event) -> dict[str, Entrant]:
    """Each entrant by key, with `has_list`: whether they submitted one (never read here)."""
    entrants = event.entrants.select_related("player").annotate(
        has_list=Exists(Submission.objects.filter(entrant=OuterRef("pk")))
    )
    return {str(e.pk): e for e in entrants}


def standings_rows(event: Event) -> list[dict]:
    entrants = _names(event)
    rows = []
    for row in selectors.standings_of(event=event):
        entrant = entrants[row.key]
        rows.append(
            {
                "rank": row.rank,
                "name": entrant.name,
                "club": entrant.club,
                "dropped": entrant.dropped,
                "points": row.points,
                "record": f"{row.wins}–{row.draws}–{row.losses}",
                "vp_diff": row.vp_diff,
                "sos": row.sos,
                "entrant": entrant,
                "has_list": entrant.has_list,
            }
        )
    return sorted(rows, key=lambda r: (r["rank"], r["name"].casefold()))  # shared ranks by name


def game_row(game: Game, user: AbstractBaseUser | AnonymousUser, organiser: bool) -> dict:
    """A pairing as a page shows it, with what this user may do with its result."""
    mine = game.side_of(user) is not None
    return {
        "game": game,
        "first": game.first.name,
        "second": game.second.name if game.second else None,
        "mine": mine,
        "may_enter": not game.bye and (organiser or (mine and game.status == Game.PAIRED)),
        "may_confirm": (mine and game.status == Game.REPORTED and game.reported_by_id != user.pk),
        # Either player takes back a result waiting for confirmation (to correct or reject it).
        "may_withdraw": mine and game.status == Game.REPORTED,
        "mine_entered": mine and game.status == Game.REPORTED and game.reported_by_id == user.pk,
        "result": f"{game.first_vp}–{game.second_vp}",
        "withdrawn": _withdrawn(game),
        "may_play": mine and not game.bye and game.status == Game.PAIRED,
        "status": _status(game),
    }


def _withdrawn(game: Game) -> str:
    """What a player sees of a result taken back before it was confirmed."""
    if game.status != Game.PAIRED or game.withdrawn_by is None:
        return ""
    who = game.withdrawn_by.get_username()
    return f"{game.first_vp}–{game.second_vp} was withdrawn by {who}"


def _status(game: Game) -> str:
    if game.bye:
        return "Bye"
    if game.status == Game.CONFIRMED:
        return f"{game.first_vp}–{game.second_vp}"
    if game.status == Game.REPORTED:
        return f"{game.first_vp}–{game.second_vp}, waiting for confirmation"
    return "Playing"


def event_page(event: Event, user: AbstractBaseUser | AnonymousUser) -> dict:
    organiser = selectors.is_organiser(event, user)
    entrant = selectors.entrant_of(event, user)
    current = selectors.current_round(event)
    games = [game_row(g, user, organiser) for g in selectors.games_of(current)] if current else []
    catalog = catalog_for(event.module)
    return {
        "event": event,
        "organiser": organiser,
        "entrant": entrant,
        "submission": getattr(entrant, "submission", None) if entrant else None,
        "round": current,
        "games": games,
        "my_game": next((g for g in games if g["mine"]), None),
        "swappable": _swappable(games) if organiser else [],
        "next_round": (current.number if current else 0) + 1,
        "all_paired": selectors.all_rounds_paired(event, current),
        "complete": selectors.is_complete(event, current),
        "results_to_come": sum(
            1 for g in games if g["game"].status != Game.CONFIRMED and not g["game"].bye
        ),
        "registration_open": current is None,
        "lists_open": timezone.now() < event.list_deadline,
        "standings": standings_rows(event) if current else [],
        "lists_shown": organiser or selectors.lists_revealed(event),
        "lists_revealed": selectors.lists_revealed(event),
        "factions": [catalog.faction_name(k) for k in event.factions],
        "tiebreakers": [TIEBREAKERS[t] for t in event.scoring.tiebreakers],
        "entrant_count": event.entrants.filter(dropped_at__isnull=True).count(),
    }


def _swappable(games: list[dict]) -> list[Entrant]:
    """The players of the current round's games that have no result yet (and of its bye)."""
    open_games = [g["game"] for g in games if g["game"].status == Game.PAIRED or g["game"].bye]
    players = [e for game in open_games for e in (game.first, game.second) if e is not None]
    return sorted(players, key=lambda e: e.name.casefold()) if len(players) > 2 else []


def list_view(event: Event, submission: Submission) -> dict:
    """A submitted list: its units with their points, and the pack's verdict."""
    document = ListDocument.model_validate(submission.document)
    roster, _report = evaluated_document(document=document, catalog=catalog_for(event.module))
    return {
        "submission": submission,
        "units": [(u.name, u.points) for u in roster.units],
        "problems": submission.problems,
    }
