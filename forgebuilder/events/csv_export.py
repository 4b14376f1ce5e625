"""The event as one CSV table for a spreadsheet: one row per player, in standings order, with
their list, its verdict and review, their figures and each round's opponent and result."""

from __future__ import annotations

import csv
from typing import IO

from .models import Event, Game, Submission
from .presenters import standings_rows


def write(event: Event, out: IO[str]) -> None:
    rounds = list(event.round_set.order_by("number"))
    games = Game.objects.filter(round__event=event).select_related(
        "round", "first__player", "second__player"
    )
    by_round: dict[tuple[int, int], str] = {}
    for game in games:
        for me, them, mine, theirs in (
            (game.first, game.second, game.first_vp, game.second_vp),
            (game.second, game.first, game.second_vp, game.first_vp),
        ):
            if me is None:
                continue
            if them is None:
                by_round[(me.pk, game.round.number)] = "bye"
            elif game.status == Game.CONFIRMED:
                by_round[(me.pk, game.round.number)] = f"{them.name} {mine}-{theirs}"
            else:
                by_round[(me.pk, game.round.number)] = f"{them.name} (no result yet)"
    writer = csv.writer(out)
    writer.writerow(
        [
            "rank", "player", "club", "dropped", "list", "faction", "list points", "legal",
            "review", "tournament points", "wins-draws-losses", "VP difference",
            "strength of schedule", *(f"round {r.number}" for r in rounds),
        ]
    )  # fmt: skip
    # The lists' names and verdicts, not their documents.
    submissions = {
        s.entrant_id: s for s in Submission.objects.filter(entrant__event=event).defer("document")
    }
    for row in standings_rows(event):
        entrant = row["entrant"]
        submission = submissions.get(entrant.pk)
        writer.writerow(
            [
                row["rank"], _cell(row["name"]), _cell(row["club"]), "yes" if row["dropped"] else "",
                _cell(submission.name) if submission else "",
                submission.faction_name if submission else "",
                submission.points if submission else "",
                _legal(submission) if submission else "",
                submission.get_review_display() if submission else "",
                row["points"], row["record"].replace("–", "-"), row["vp_diff"], row["sos"],
                *(_cell(by_round.get((entrant.pk, r.number), "")) for r in rounds),
            ]
        )  # fmt: skip


def _legal(submission: Submission) -> str:
    """Whether the list is legal; a foreign roster's builder alone checked it: never "yes"."""
    if not submission.legal:
        return "no"
    return f"checked by {submission.builder} only" if submission.foreign else "yes"


def _cell(text: str) -> str:
    """A spreadsheet never runs a cell a player typed: one starting like a formula is quoted."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
