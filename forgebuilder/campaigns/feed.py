"""What a tracker game played for a campaign mission feeds: the mission's battle report draft
(winner, objective, casualties and kills of every side the tracker knows), registered with
forgebuilder/outcomes.py from the app's ready().

The draft is only a draft: both players open the report on the campaign page, check it and
record it as they always do.
"""

from __future__ import annotations

from forgebuilder import outcomes
from forgebuilder.outcomes import FinishedGame, PlayedSide

from .models import Mission
from .report_form import COUNTS, fresh, kept
from .services import CampaignError, mission_report_prefill
from .unit_rows import report_sides

OBJECTIVE = "special"  # the tracker's counter of the mission's special objective: 1 once achieved
KILLS = {field: f"kills_{field}" for field, _ in COUNTS}  # report field -> unit status key


def side_of(sides: list[dict], game: PlayedSide | None) -> dict | None:
    """The report's side the game was played by (its player's seat in the mission)."""
    if game is None:
        return None
    return next((s for s in sides if s["player"].user_id == game.player_id), None)


def report_values(
    *, game: PlayedSide, other: PlayedSide | None, sides: list[dict], draft: dict
) -> dict:
    """The report's draft once `game` (and the linked `other`, when it plays the same mission)
    has told what it knows: the tracker's facts replace the draft's, the rest of it stays."""
    values = fresh(sides) | dict(draft)
    if other is not None and other.mission_id != game.mission_id:
        other = None
    for played in (game, other):
        side = side_of(sides, played)
        if played is not None and side is not None:
            _side_values(values, side, played)
    winner = report_winner(game=game, other=other, sides=sides)
    if winner:
        values["winner"] = winner
    else:
        values.pop("winner", None)
    return kept(values, sides)


def _side_values(values: dict, side: dict, game: PlayedSide) -> None:
    """One side's objective, casualties (units destroyed) and kills, as its tracker ended."""
    pk, counted = side["player"].pk, game.values
    if counted.get(OBJECTIVE):
        values[f"p{pk}-objective"] = "on"
    else:
        values.pop(f"p{pk}-objective", None)
    active = {u["id"] for u in side["units"] if u["active"]}
    for unit_id in game.units:
        if unit_id not in active:
            continue
        key = f"p{pk}-{unit_id}"
        if unit_id in game.destroyed:
            values[f"{key}-casualty"] = "on"
        else:
            values.pop(f"{key}-casualty", None)
        for field, status in KILLS.items():
            if f"u.{unit_id}.{status}" in counted:
                values[f"{key}-{field}"] = str(counted[f"u.{unit_id}.{status}"])


def _agree(game: PlayedSide, other: PlayedSide | None) -> bool:
    """Whether the two players said the same of their game (an unfinished other says nothing)."""
    if other is None or not other.finished:
        return True
    mine = outcomes.outcome(declared=game.result)
    return outcomes.outcome(declared=other.result).flipped() == mine


def report_winner(*, game: PlayedSide, other: PlayedSide | None, sides: list[dict]) -> str:
    """The winner's field value (their seat's id), or "" for a draw, an unknown winner or two
    results that disagree."""
    if not _agree(game, other):
        return ""
    said = outcomes.outcome(game.vp, other.vp if other else None, declared=game.result)
    mine = side_of(sides, game)
    if mine is None or said.winner is None:
        return ""
    if said.winner == 0:
        return str(mine["player"].pk)
    theirs = side_of(sides, other) or (
        next(s for s in sides if s is not mine) if len(sides) == 2 else None
    )
    return str(theirs["player"].pk) if theirs is not None else ""


def disagreement(game: PlayedSide, other: PlayedSide | None) -> str:
    """What to tell a player whose result and the linked opponent's disagree ("" if they agree)."""
    if _agree(game, other) or other is None:
        return ""
    return (
        f"You said {outcomes.WORDS[game.result].lower()} and {other.username} said "
        f"{outcomes.WORDS[other.result].lower()}: choose the winner on the report."
    )


def prefill_report(game: FinishedGame) -> tuple[str, str]:
    """Pre-fill the mission's report from the finished `game` (in the caller's transaction).

    Answers (what was done, what was refused), one of them empty. The linked opponent's game
    is read with the mission locked, so of two games finished at once the second fills the
    report with both."""
    mission = Mission.objects.select_related("campaign").get(pk=game.mine.mission_id)
    sides = report_sides(mission)
    notes: list[str] = []

    def fill(draft: dict) -> dict:
        other = game.linked()
        notes.append(disagreement(game.mine, other))
        return report_values(game=game.mine, other=other, sides=sides, draft=draft)

    try:
        mission_report_prefill(mission=mission, fill=fill, by=game.player)
    except CampaignError as refusal:
        return "", f"Your game is finished and kept; the report was not pre-filled: {refusal}"
    done = f"The battle report of mission {mission.number} is pre-filled: check it and record it."
    return " ".join([done, *filter(None, notes)]), ""


# a game played for a mission fills the mission's report
MISSION_REPORT = outcomes.Feed(
    "campaigns", lambda game: game.mine.mission_id is not None, prefill_report
)
