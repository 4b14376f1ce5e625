"""The match check of each pairing (size gap, underdog points) where the ruleset has one,
worked out when a round is paired or changed, so pages only show it."""

from __future__ import annotations

from factions.catalog import catalog_for
from forgebuilder.engine.api import ListDocument, MatchError, match_check
from forgebuilder.lists.api import evaluated_document

from .data_version import event_catalog
from .models import Entrant, Event, Game, Submission


def game_match(event: Event, game: Game, submissions: dict[int, dict]) -> dict:
    """{"sides": [[player, points, underdog points], ...], "problems": [...]} for `game`, or
    {} when the ruleset has no match check, it is a bye, or a side has no list."""
    if game.second_id is None or not event.hosted:
        return {}
    catalog = event_catalog(event)
    if not catalog.ruleset.match_check:
        return {}
    sides = (game.first, game.second)
    documents = [submissions.get(e.pk) for e in sides]
    if any(d is None for d in documents):
        return {}
    rosters = [
        evaluated_document(document=ListDocument.model_validate(d), catalog=catalog)[0]
        for d in documents
    ]
    try:
        report = match_check(rosters)
    except MatchError as exc:
        return {"sides": [], "problems": [str(exc)]}
    return {
        "sides": [
            [entrant.name, side.points, side.underdog_points]
            for entrant, side in zip(sides, report.sides, strict=True)
        ],
        "problems": [v.message for v in report.violations],
    }


def submitted_documents(event: Event, entrants: list[Entrant]) -> dict[int, dict]:
    """The entrants' list documents by entrant id, for `game_match`: none are read where the
    ruleset has no match check."""
    if not event.hosted or not catalog_for(event.module).ruleset.match_check:
        return {}
    return dict(
        Submission.objects.filter(entrant__in=entrants).values_list("entrant_id", "document")
    )
