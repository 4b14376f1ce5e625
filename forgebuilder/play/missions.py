"""A game played for a campaign mission: what its tracker adds (the mission's special objective
and each unit's kills, as the battle report asks them) and the report's draft it pre-fills
when it ends (winner, objective, casualties and kills of every side the tracker knows).

The draft is only a draft: both players open the report on the campaign page, check it and
record it as they always do.
"""

from __future__ import annotations

from forgebuilder.campaigns.models import CampaignPlayer, Mission
from forgebuilder.campaigns.report_form import COUNTS, fresh, kept
from forgebuilder.campaigns.selectors import report_sides
from forgebuilder.campaigns.services import (
    CampaignError,
    campaign_spec,
    mission_report_prefill,
    pending_mission,
)

from . import tracker
from .models import Game

OBJECTIVE = "special"  # the counter of the mission's special objective: 1 once achieved
KILLS = {field: f"kills_{field}" for field, _ in COUNTS}  # report field -> unit status key
AGREE = {(Game.WIN, Game.LOSS), (Game.LOSS, Game.WIN), (Game.DRAW, Game.DRAW)}
RESULT_WORDS = dict(Game.RESULTS)


def mission_of(army_list) -> Mission | None:
    """The mission set up for this campaign army and not reported yet (None: no such mission,
    or the list is no campaign army)."""
    if army_list is None or army_list.pk is None:
        return None
    seat = CampaignPlayer.objects.filter(army=army_list, left_at__isnull=True).first()
    return pending_mission(seat) if seat is not None else None


def mission_sheet(sheet: dict, mission: Mission) -> dict:
    """The sheet with what the mission's report asks: its special objective (achieved or not)
    and, on each unit, the enemy units and heroes it killed."""
    entry = campaign_spec(mission.campaign).objectives.entries[mission.objective]
    objective = {
        "key": OBJECTIVE, "label": f"Special objective: {entry.name} (1 = achieved)",
        "short": "Obj★", "max": 1,
    }  # fmt: skip
    kills = [
        {"key": KILLS[field], "label": label, "kind": "count", "color": "#5d4037", "clears": False}
        for field, label in COUNTS
    ]
    return {
        **sheet,
        "counters": [*sheet["counters"], objective],
        "statuses": [*sheet["statuses"], *kills],
    }


def side_of(sides: list[dict], game: Game | None) -> dict | None:
    """The report's side the game was played by (its player's seat in the mission)."""
    if game is None:
        return None
    return next((s for s in sides if s["player"].user_id == game.player_id), None)


def report_values(*, game: Game, other: Game | None, sides: list[dict], draft: dict) -> dict:
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


def _side_values(values: dict, side: dict, game: Game) -> None:
    """One side's objective, casualties (units destroyed) and kills, as its tracker ended."""
    pk, counted = side["player"].pk, game.state["values"]
    if counted.get(OBJECTIVE):
        values[f"p{pk}-objective"] = "on"
    else:
        values.pop(f"p{pk}-objective", None)
    active = {u["id"] for u in side["units"] if u["active"]}
    for unit in game.sheet["units"]:
        if unit["id"] not in active:
            continue
        key = f"p{pk}-{unit['id']}"
        if tracker.destroyed(game.state, unit):
            values[f"{key}-casualty"] = "on"
        else:
            values.pop(f"{key}-casualty", None)
        for field, status in KILLS.items():
            if f"u.{unit['id']}.{status}" in counted:
                values[f"{key}-{field}"] = str(counted[f"u.{unit['id']}.{status}"])


def report_winner(*, game: Game, other: Game | None, sides: list[dict]) -> str:
    """The winner's field value (their seat's id), or "" for a draw, an unknown winner or two
    results that disagree."""
    if other is not None and other.finished and (game.result, other.result) not in AGREE:
        return ""
    mine = side_of(sides, game)
    if mine is None or game.result == Game.DRAW:
        return ""
    if game.result == Game.WIN:
        return str(mine["player"].pk)
    theirs = side_of(sides, other) or (
        next(s for s in sides if s is not mine) if len(sides) == 2 else None
    )
    return str(theirs["player"].pk) if theirs is not None else ""


def disagreement(game: Game, other: Game | None) -> str:
    """What to tell a player whose result and the linked opponent's disagree ("" if they agree)."""
    if other is None or not other.finished or (game.result, other.result) in AGREE:
        return ""
    return (
        f"You said {RESULT_WORDS[game.result].lower()} and {other.player.get_username()} said "
        f"{RESULT_WORDS[other.result].lower()}: choose the winner on the report."
    )


def prefill_report(*, game: Game, player) -> tuple[str, str]:
    """Pre-fill the mission's report from the finished `game` (in the caller's transaction).

    Answers (what was done, what was refused), one of them empty. The linked opponent's game
    is read with the mission locked, so of two games finished at once the second fills the
    report with both."""
    mission = game.mission
    sides = report_sides(mission)
    notes: list[str] = []

    def fill(draft: dict) -> dict:
        other = Game.objects.select_related("player").filter(pk=game.opponent_id).first()
        notes.append(disagreement(game, other))
        return report_values(game=game, other=other, sides=sides, draft=draft)

    try:
        mission_report_prefill(mission=mission, fill=fill, by=player)
    except CampaignError as refusal:
        return "", f"Your game is finished and kept; the report was not pre-filled: {refusal}"
    done = f"The battle report of mission {mission.number} is pre-filled: check it and record it."
    return " ".join([done, *filter(None, notes)]), ""
