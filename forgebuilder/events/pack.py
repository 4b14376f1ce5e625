"""The event's pack applied to a list: every rule the engine knows, at the event's size and mode,
plus the pack's own limits (the game, the factions allowed)."""

from __future__ import annotations

from dataclasses import dataclass

from factions.catalog import Catalog
from forgebuilder.engine.api import ListDocument
from forgebuilder.lists.api import evaluated_document

from .models import Event

WRONG_GAME = "event_wrong_game"
FACTION_NOT_ALLOWED = "event_faction_not_allowed"


@dataclass(frozen=True)
class Verdict:
    """What the pack says of one list: its name, faction, points and problems (players' words)."""

    document: ListDocument
    faction_name: str
    points: int
    problems: tuple[dict, ...]

    @property
    def legal(self) -> bool:
        return not any(p["severity"] == "error" for p in self.problems)


def pack_verdict(*, event: Event, catalog: Catalog, document: ListDocument) -> Verdict:
    """The list as the event plays it (the event's points limit and mode) and what is wrong."""
    if document.module != event.module.slug:
        wrong = problem(
            WRONG_GAME,
            f"This list is for another game ({document.module}); {event.name} plays "
            f"{event.module.name}.",
            f"Submit a {event.module.name} list.",
        )
        return Verdict(document, document.faction, 0, (wrong,))
    played = document.without_campaign_state().model_copy(
        update={"points_limit": event.points_limit, "casual": event.casual}
    )
    roster, report = evaluated_document(document=played, catalog=catalog)
    names = {u.id: u.name for u in roster.units}
    faction_name = catalog.faction_name(played.faction)
    problems = [  # the pack sets the limit: a hint says what to cut, never to raise it
        problem(
            v.code,
            v.message,
            v.fixed_limit_hint or v.hint,
            [names.get(u, u) for u in v.units],
            v.severity,
        )
        for v in report.violations
    ]
    if event.factions and played.faction not in event.factions:
        allowed = ", ".join(_faction_names(catalog, event.factions))
        problems.insert(
            0,
            problem(
                FACTION_NOT_ALLOWED,
                f"{faction_name} is not played at {event.name}: the pack allows {allowed}.",
                "Submit a list of one of those factions.",
            ),
        )
    return Verdict(played, faction_name, roster.points, tuple(problems))


def _faction_names(catalog: Catalog, keys: list[str]) -> list[str]:
    return [catalog.faction_name(k) for k in keys]


def problem(
    code: str, message: str, hint: str = "", units: list[str] | None = None, severity="error"
) -> dict:
    return {
        "code": code,
        "severity": severity,
        "message": message,
        "hint": hint,
        "units": units or [],
    }
