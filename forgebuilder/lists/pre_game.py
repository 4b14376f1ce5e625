"""The editor's pre-game strategies panel: which strategies a list may choose before the game,
and which it chose, as plain values for the template (the rules engine decides the rest)."""

from __future__ import annotations

from dataclasses import dataclass

from forgebuilder.engine.api import Report, Roster, chosen_pre_game, offered_strategies

SEPARATOR = "/"  # a choice's form value: "<faction>/<strategy key>"


@dataclass(frozen=True)
class PreGameChoice:
    value: str
    name: str
    cost: str
    source: str
    checked: bool
    offered: bool


@dataclass(frozen=True)
class PreGamePanel:
    choices: tuple[PreGameChoice, ...]
    round_one: int | None
    per_round: int | None


def pre_game_panel(roster: Roster, report: Report) -> PreGamePanel:
    """The pre-game strategies the list's forces offer, then any chosen one they no longer
    offer (so it can be unticked); with the strategy points of round 1 and of every round."""
    chosen = {(c.faction_key, c.key) for c in chosen_pre_game(roster)}
    choices = []
    for s in offered_strategies(roster):
        if s.pre_game:
            cost = f"{s.spec.cost} SP" if s.spec.cost is not None else ""
            choices.append(
                PreGameChoice(
                    f"{s.faction_key}{SEPARATOR}{s.key}", s.spec.name, cost,
                    f"from {s.source}" if s.source else "", (s.faction_key, s.key) in chosen, True,
                )
            )  # fmt: skip
    shown = {c.value for c in choices}
    for c in chosen_pre_game(roster):
        value = f"{c.faction_key}{SEPARATOR}{c.key}"
        if value not in shown and c.offered is None:
            name = c.spec.name if c.spec else c.key
            choices.append(PreGameChoice(value, name, f"{c.cost} SP", "", True, False))
    round_one, per_round = report.total("sp_round_one"), report.total("sp_left")
    return PreGamePanel(
        tuple(choices),
        round_one.value if round_one else None,
        per_round.value if per_round else None,
    )


def parse_choice(value: str) -> tuple[str, str] | None:
    """(faction, strategy key) from a form value, or None when it is not one."""
    faction, sep, key = value.partition(SEPARATOR)
    return (faction, key) if sep and faction and key else None
