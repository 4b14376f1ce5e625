"""Checking two lists against each other before a game (rulesets with a match check).

The player picks one of their lists and names the opponent's: another of their own lists or a
share link the opponent sent. The rules engine's `match_check` gives the size gap and each
side's underdog points; each list's own checks stay on its own page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.http import Http404

from forgebuilder.engine.api import MatchError, MatchReport, match_check
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.selectors import (
    army_list_owned,
    army_lists_of,
    evaluated_list,
    evaluated_shared_list,
)

# A share link as the app prints it (https://host/s/<token>/, any page below it) or its token.
_SHARE_LINK = re.compile(r"(?:^|/s/)([A-Za-z0-9_-]{8,64})(?:/.*)?$")


@dataclass(frozen=True)
class Side:
    name: str
    points: int
    underdog_points: int
    legal: bool  # the list's own checks


@dataclass(frozen=True)
class Matchup:
    sides: tuple[Side, Side]
    report: MatchReport
    # each side's evaluated list, and where a printout finds it again ({"list_id"} or {"token"})
    evaluated: tuple = ()
    origins: tuple[dict, dict] | tuple = ()


def share_token(text: str) -> str | None:
    """The token in a pasted share link (or the bare token); None when it holds none."""
    match = _SHARE_LINK.search(text.strip().split("?", 1)[0].split("#", 1)[0])
    return match.group(1) if match else None


def opponent_choices(army_list: ArmyList, owner) -> list[ArmyList]:
    """The owner's other lists of the same game module, to play against this one."""
    return list(
        army_lists_of(owner=owner)
        .filter(module_id=army_list.module_id)
        .exclude(pk=army_list.pk)
        .order_by("name")
    )


def matchup(*, mine: ArmyList, owner, opponent_list: str = "", opponent_link: str = "") -> Matchup:
    """Check `mine` against the opponent's list; MatchError says what is wrong with the choice."""
    ours = evaluated_list(army_list=mine)
    origin: dict
    if opponent_link.strip():
        token = share_token(opponent_link)
        if token is None:
            raise MatchError(
                "That is not a share link: paste the link your opponent shared "
                "(it looks like https://…/s/abc123…/)."
            )
        try:
            theirs = evaluated_shared_list(token=token)
        except Http404:
            raise MatchError(
                "No list is shared at that link: it was revoked, or part of it is missing."
            ) from None
        origin = {"token": token}
    elif opponent_list:
        try:
            chosen = army_list_owned(owner=owner, public_id=opponent_list)
        except Http404:
            chosen = None
        if chosen is None or chosen.module_id != mine.module_id or chosen.pk == mine.pk:
            raise MatchError("Pick one of your lists of this game, or paste a share link.")
        theirs = evaluated_list(army_list=chosen)
        origin = {"list_id": chosen.pk}
    else:
        raise MatchError("Pick the opponent's list, or paste the share link they sent you.")
    report = match_check([ours.roster, theirs.roster])
    sides = tuple(
        Side(side.name, side.points, side.underdog_points, data.report.legal)
        for side, data in zip(report.sides, (ours, theirs), strict=True)
    )
    return Matchup(sides, report, (ours, theirs), ({"list_id": mine.pk}, origin))
