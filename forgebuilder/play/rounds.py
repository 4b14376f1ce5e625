"""A game played for a player's pairing in an event round: started from the list the player
submitted to the event. On finishing, it enters the round's result through the events' feed
(forgebuilder/events/feed.py), registered with forgebuilder/outcomes.py."""

from __future__ import annotations

from forgebuilder.engine.api import ListDocument
from forgebuilder.events import models as events
from forgebuilder.events.data_version import submission_catalog
from forgebuilder.events.selectors import current_round
from forgebuilder.lists.api import ArmyList, EvaluatedList, evaluated_document
from forgebuilder.refusals import Refused


class PairingRefused(Refused):
    """A pairing the player cannot start a game for, in players' words."""

    code = "pairing-not-playable"


def pairing_of(*, player, event_id: str, pairing: int) -> events.Game:
    """The player's pairing of the event's current round that has no result yet."""
    found = (
        events.Game.objects.select_related("round__event__module", "first", "second")
        .filter(round__event__public_id=event_id, pk=pairing)
        .first()
    )
    if found is None or found.side_of(player) is None:
        raise PairingRefused("This pairing is not yours to play.")
    if found.bye:
        raise PairingRefused("A bye has no game to play.")
    if current_round(found.round.event) != found.round:
        raise PairingRefused("This round is over: play the current round's game.")
    if found.status != events.Game.PAIRED:
        raise PairingRefused("This game's result is already entered: see the event page.")
    return found


def pairing_underdog(*, pairing: events.Game, player) -> int:
    """The underdog points the pairing's match check gave the player's side (0 without one)."""
    sides = pairing.match.get("sides") or []
    side = pairing.side_of(player)
    return int(sides[side][2]) if len(sides) == 2 and side is not None else 0


def submitted_list(*, player, pairing: events.Game) -> EvaluatedList:
    """The list the player submitted to the event, as the event checked it."""
    entrant = pairing.entrant_of(player)
    submission = events.Submission.objects.filter(entrant=entrant).first()
    if submission is None:
        raise PairingRefused("Submit your list to the event first: the game is played with it.")
    if submission.foreign:  # no rules of ours to play it by: the kept roster is tracked
        raise PairingRefused(
            "Your roster was made in another builder: track the game from your kept roster's "
            "page (Play)."
        )
    event = pairing.round.event
    catalog = submission_catalog(event, submission)  # the game data it was checked with
    document = ListDocument.model_validate(submission.document)
    roster, report = evaluated_document(document=document, catalog=catalog)
    return EvaluatedList(ArmyList(module=event.module), document, catalog, roster, report)
