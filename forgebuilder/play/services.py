"""Writes of a game: starting it from a list, applying the changes a device sends, linking it
to the opponent's game and finishing it.

Each write runs in one transaction on the locked game row(s) and re-checks what it needs there,
so two devices of one player (or a phone that comes back online while the other taps) never
lose a change: each change is applied once (by its id), counts as increments whatever the
order they arrive in, and a value set on two devices keeps the later set; what is dropped is
named. Every refusal is a GameRefused whose message says what is wrong and what to do.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from factions.catalog import catalog_for
from forgebuilder import outcomes
from forgebuilder.engine.api import ListDocument, extensions
from forgebuilder.lists.api import data_versions, evaluated_document
from forgebuilder.refusals import Refused

from . import missions, rounds, tracker
from .finished import finished_game
from .foreign import foreign_sheet
from .models import Game
from .sheet import build_sheet

MAX_CHANGES = 200  # per sync: a phone offline for a whole game sends far fewer
SEEN_IDS = 500  # change ids remembered so a resent change is applied once
# a phone's clock off by more than this is told so (its changes' times are put right anyway)
CLOCK_MARGIN_MS = 2 * 60 * 1000


FINISHED = "This game is finished: its counters stay as they ended."


class GameRefused(Refused):
    """A step the game's state or the player's role does not allow, in players' words."""

    code = "game-step-refused"


@dataclass(frozen=True)
class Finished:
    game: Game
    told: str = ""  # what the game pre-filled (a mission's report, an event round's result)
    refused: str = ""  # why it could not pre-fill it (the game is finished all the same)


@dataclass(frozen=True)
class Synced:
    game: Game
    applied: int
    dropped: tuple[str, ...]  # labels of what another device set later (`tracker.apply`)
    refused: tuple[str, ...]
    clock_off: int = 0  # minutes the phone's clock is ahead (negative: behind) of the server's

    def not_saved(self) -> list[str]:
        """Everything not saved, each with its reason, as a device shows it."""
        later = [f"{label}: another device changed it since." for label in self.dropped]
        return [*self.refused, *later]


def start_game(*, player, evaluated, opponent_name: str = "", event_game=None) -> Game:
    """A new game with the list as it is now (an own list or one opened through a share link),
    or the list submitted to an event, played for the player's pairing `event_game`."""
    army_list = evaluated.army_list
    own = evaluated.share_link is None
    underdog = extensions.underdog_points(army_list.pk) if own and army_list.pk else 0
    if event_game is not None:
        underdog = rounds.pairing_underdog(pairing=event_game, player=player)
    sheet = build_sheet(roster=evaluated.roster, report=evaluated.report, underdog=underdog)
    if not sheet["units"]:
        raise GameRefused("This list has no units to play with yet: add some in the editor.")
    mission = missions.mission_of(army_list) if own else None
    if mission is not None:
        sheet = missions.mission_sheet(sheet, mission)
    return Game.objects.create(
        player=player,
        name=evaluated.document.name,
        module=army_list.module,
        # kept on the game data it was read with, whatever the module becomes during the game
        document=data_versions.kept_on(evaluated.document.to_json(), evaluated.catalog),
        army_list=army_list if own and army_list.pk else None,
        sheet=sheet,
        state=tracker.initial_state(sheet),
        opponent_name=opponent_name.strip()[:120],
        mission=mission,
        event_game=event_game,
    )


def start_foreign_game(*, player, kept, opponent_name: str = "") -> Game:
    """A new game with a foreign roster (`rosters.api.KeptRoster`) as it was kept."""
    sheet = foreign_sheet(kept)
    if not sheet["units"]:
        raise GameRefused("This roster has no units to play with.")
    return Game.objects.create(
        player=player,
        name=kept.row.name,
        module=None,
        document=kept.row.content,
        foreign_roster=kept.row,
        sheet=sheet,
        state=tracker.initial_state(sheet),
        opponent_name=opponent_name.strip()[:120],
    )


def _locked(game: Game, player) -> Game:
    locked = Game.objects.select_for_update().filter(pk=game.pk, player=player).first()
    if locked is None:
        raise GameRefused("This game is not yours.")
    return locked


def now_ms() -> int:
    """The server's clock, in ms since 1970 (a change's `at`)."""
    return int(timezone.now().timestamp() * 1000)


def clock_off_minutes(skew: int | None) -> int:
    """How far a phone's clock is ahead (negative: behind) of the server's, in whole minutes,
    when it is off by more than CLOCK_MARGIN_MS; else 0."""
    if skew is None or abs(skew) <= CLOCK_MARGIN_MS:
        return 0
    return round(skew / 60_000)


@transaction.atomic
def sync(*, game: Game, player, changes: list, sent: object = None) -> Synced:
    """Apply `changes` (oldest first) to the game; resent changes count once; a change that
    breaks a limit is refused with its reason and the others still apply; what another device
    set later is dropped and named. `sent`: the phone's clock when it sent them (ms), so their
    times are put on the server's clock; no change is later than the server's clock."""
    if not isinstance(changes, list) or len(changes) > MAX_CHANGES:
        raise GameRefused(f"Send between 0 and {MAX_CHANGES} changes at a time.")
    game = _locked(game, player)
    if game.finished and changes:
        raise GameRefused(FINISHED)
    now = now_ms()
    skew = sent - now if isinstance(sent, int) and not isinstance(sent, bool) else None
    state, limits = game.state, tracker.limits_of(game.sheet)
    healed = _heal_stamps(state, now, int(game.updated_at.timestamp() * 1000))
    seen_list = list(state.get("seen", []))
    seen = set(seen_list)
    applied = 0
    dropped: list[str] = []
    refused: list[str] = []
    for change in changes:
        problem = _shape_problem(change)
        if problem:
            refused.append(problem)
            continue
        if change["id"] in seen:
            continue
        try:
            on_time = _on_server_clock(change, skew or 0, now)
            dropped.extend(tracker.apply_in_place(state, game.sheet, on_time, limits))
        except tracker.ChangeError as error:
            refused.append(f"{change['label']}: {error}")
            continue
        seen.add(change["id"])
        seen_list.append(change["id"])
        applied += 1
    if applied or healed:
        state["seen"] = seen_list[-SEEN_IDS:]
        game.version += 1
        game.save(update_fields=["state", "version", "updated_at"])
    return Synced(game, applied, tuple(dropped), tuple(refused), clock_off_minutes(skew))


def _on_server_clock(change: dict, skew: int, now: int) -> dict:
    """`change` with its time on the server's clock: less the phone's clock's skew, and never
    later than now (a phone's clock in the year 2200 freezes no counter)."""
    at = change.get("at")
    if isinstance(at, bool) or not isinstance(at, int) or at < 0:
        return change  # refused by `tracker.apply_in_place`, naming it
    return {**change, "at": max(min(at - skew, now), 0)}


def _heal_stamps(state: dict, now: int, saved: int) -> bool:
    """Put a time a phone stamped in the future (before times were clamped) back to when the
    game was last saved, which that set was not later than: a game frozen so heals at its next
    change. Whether one was."""
    stamps = state["stamps"]
    late = [path for path, at in stamps.items() if at > now]
    for path in late:
        stamps[path] = min(saved, now)
    return bool(late)


def _shape_problem(change: object) -> str | None:
    """What is wrong with the form of a change a device sent (None: it is well formed)."""
    if not isinstance(change, dict):
        return "A change must be an object."
    label = change.get("label")
    if not isinstance(label, str) or not 0 < len(label) <= 200:
        return "A change needs a label of at most 200 characters."
    if not isinstance(change.get("id"), str) or not 0 < len(change["id"]) <= 64:
        return f"{label}: its id must be text of at most 64 characters."
    sets, adds = change.get("sets", {}), change.get("adds", {})
    if not isinstance(sets, dict) or not isinstance(adds, dict) or not (sets or adds):
        return f"{label}: it sets no counter."
    if len(sets) + len(adds) > 400:
        return f"{label}: it changes too many counters at once."
    if "undoes" in change and not isinstance(change["undoes"], str):
        return f"{label}: what it undoes must be a change id."
    return None


@transaction.atomic
def tap(*, game: Game, player, intent: str, path: str = "", by: int = 0, spend: str = "") -> Synced:
    """One tap sent as a plain form (no JavaScript): made into a change here, then applied."""
    game = _locked(game, player)
    now = now_ms()
    change_id = f"server-{game.version}-{now}"
    state, sheet = game.state, game.sheet
    try:
        change = _intent(state, sheet, intent, path, by, spend, at=now, change_id=change_id)
    except tracker.ChangeError as error:
        raise GameRefused(str(error)) from error
    except (KeyError, StopIteration) as error:
        raise GameRefused("That control is not part of this game.") from error
    return sync(game=game, player=player, changes=[change])


def _intent(state, sheet, intent, path, by, spend, *, at, change_id) -> dict:
    stamp = {"at": at, "change_id": change_id}
    if intent == "add" and by:
        return tracker.add(state, sheet, path, by, **stamp)
    if intent == "toggle":
        return tracker.toggle(state, sheet, path, **stamp)
    if intent == "spend":
        pool_key, _, what = spend.partition(":")
        if not what:
            return tracker.spend(state, sheet, pool_key, 1, what="1 point", **stamp)
        # a named spend is one the sheet offers from that pool (StopIteration: not part of it)
        cost = next(
            s["cost"] for s in sheet["spends"] if (s["name"], s["pool"]) == (what, pool_key)
        )
        return tracker.spend(state, sheet, pool_key, cost, what=what, **stamp)
    if intent == "gain":
        return tracker.gain(state, sheet, path, **stamp)
    if intent == "next_round":
        return tracker.next_round(state, sheet, **stamp)
    if intent == "undo":
        return tracker.undo(state, **stamp)
    raise KeyError(intent)


@transaction.atomic
def link(*, game: Game, player, code: str) -> Game:
    """Link the player's game to the opponent's (whose link code they were given): each then
    sees the other's counters."""
    found = Game.objects.filter(link_code=code).values_list("pk", flat=True).first()
    if found is None:
        raise GameRefused("No game has this link code: ask your opponent to show theirs again.")
    if found == game.pk:
        raise GameRefused("This is your own game's code: open it on your opponent's phone.")
    # both rows locked in one order, so two players linking each other's games at once wait
    # for one another instead of deadlocking
    locked = {g.pk: g for g in Game.objects.select_for_update().filter(pk__in=[game.pk, found])
              .order_by("pk").select_related("player")}  # fmt: skip
    mine, other = locked.get(game.pk), locked.get(found)
    if mine is None or other is None or mine.player_id != player.pk:
        raise GameRefused("This game is not yours.")
    game = mine
    if game.finished or other.finished:
        raise GameRefused("A finished game cannot be linked.")
    game.opponent, other.opponent = other, game
    game.opponent_name = game.opponent_name or other.player.get_username()
    other.opponent_name = other.opponent_name or player.get_username()
    game.save(update_fields=["opponent", "opponent_name", "updated_at"])
    other.save(update_fields=["opponent", "opponent_name", "updated_at"])
    return game


@transaction.atomic
def finish(*, game: Game, player, result: str, opponent_vp: int | None) -> Finished:
    """End the game: its summary (rounds, VP, units destroyed) and result go to the history;
    a game played for a campaign mission or an event round feeds it (the app registers its
    feed in forgebuilder/outcomes.py). What it could not feed is told; the game is finished
    and kept all the same. Without the player's word, the victory points decide the result."""
    game = _locked(game, player)
    if game.finished:
        raise GameRefused("This game is already finished.")
    if opponent_vp is not None and not 0 <= opponent_vp <= tracker.MAX_COUNT:
        raise GameRefused(f"Your opponent's victory points must be 0 to {tracker.MAX_COUNT}.")
    result = decided_result(game, result, opponent_vp)
    game.summary = tracker.summary(game.state, game.sheet)
    game.result, game.opponent_vp = result, opponent_vp
    game.finished_at = timezone.now()
    game.save(update_fields=["summary", "result", "opponent_vp", "finished_at", "updated_at"])
    return Finished(game, *outcomes.feeds.feed(finished_game(game, player=player)))


def decided_result(game: Game, said: str, opponent_vp: int | None) -> str:
    """The player's result: as they said it, else as the victory points decide."""
    if said and said not in outcomes.RESULTS:
        raise GameRefused("Choose whether you won, drew or lost.")
    mine = game.state["values"].get("vp", 0)
    decided = outcomes.outcome(mine, opponent_vp, declared=said or None).result_of(0)
    if not decided:
        raise GameRefused("Choose whether you won, drew or lost.")
    return decided


def played_list(game: Game):
    """The game's list as it was when it started: (roster, report), for its cards."""
    document = ListDocument.model_validate(game.document)
    # the version of the game data its list was kept on, if any
    catalog = data_versions.stored_catalog(catalog_for(game.module), game.document)
    return evaluated_document(document=document, catalog=catalog)
