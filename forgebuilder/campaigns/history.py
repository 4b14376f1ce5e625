"""The campaign history is the army: each event keeps the facts that decided it (`data`, and
the dice it rolled), and `apply` turns an army and one event into the next army, bank, VP and
missions. The services apply a step once and store it; `replay` applies a player's whole
history again, which is how an army is checked (`check_campaigns`) and how a correction
recomputes everything that followed it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from factions.catalog import Catalog
from factions.gamedata.campaign_schema import CampaignSpec
from forgebuilder.engine.api import ListDocument
from forgebuilder.lists.api import edits, evaluated_document
from forgebuilder.refusals import Refused

from . import levelling, steps
from .dice import DiceError, EnteredDie
from .models import CampaignEvent
from .steps import BattleReport, StepError, UnitOutcome

ARMY_KINDS = ("mission-report", "level-up", "upgrade", "sell", "recruit", "disband")


@dataclass
class Army:
    """A player's army as its history makes it."""

    document: ListDocument
    bank: int = 0
    vp: int = 0
    missions: int = 0
    lines: list[str] = field(default_factory=list)


def report_data(report: BattleReport) -> dict:
    return {
        "won": report.won,
        "objective": report.objective,
        "units": {k: vars(v) for k, v in report.units.items()},
    }


def report_from(data: dict) -> BattleReport:
    units = {k: UnitOutcome(**v) for k, v in data["units"].items()}
    return BattleReport(won=data["won"], objective=data["objective"], units=units)


def unit_points(document: ListDocument, catalog: Catalog, unit_id: str) -> int:
    return evaluated_document(document=document, catalog=catalog)[1].unit_points.get(unit_id, 0)


def new_errors(before: ListDocument, after: ListDocument, catalog: Catalog) -> list[str]:
    """The rules' errors `after` has that `before` had not (messages)."""
    old = {v.message for v in evaluated_document(document=before, catalog=catalog)[1].violations}
    _, report = evaluated_document(document=after, catalog=catalog)
    return [v.message for v in report.errors if v.message not in old]


def apply(army: Army, kind: str, data: dict, *, spec: CampaignSpec, catalog: Catalog, die) -> Army:
    """The army after one event; raises StepError (or CampaignError's cousins) when the event
    no longer holds on this army (a correction took away what it needed)."""
    return _APPLY[kind](army, data, spec, catalog, die)


def _report(army: Army, data: dict, spec, catalog, die) -> Army:
    report = report_from(data["report"])
    hurt = steps.casualties(army.document, report, spec=spec, catalog=catalog, die=die)
    grown = steps.experience(hurt.army, report, spec=spec, catalog=catalog)
    reward = steps.reward(report, spec=spec)
    return Army(
        grown.army,
        army.bank + reward.points,
        army.vp + reward.vp,
        army.missions + 1,
        hurt.events + grown.events,
    )


def _level(army: Army, data: dict, spec, catalog, die) -> Army:
    step = levelling.level_up(
        army.document, data["unit"], spec=spec, catalog=catalog, die=die, pick=data.get("pick")
    )
    return Army(step.army, army.bank, army.vp, army.missions, step.events)


def _buy(army: Army, data: dict, spec, catalog, die) -> Army:
    before = army.document
    unit = steps.active_unit(before, data["unit"], catalog)
    option, choice = data["option"], data["choice"]
    taken = sum(c.count for c in unit.options if c.option == option and c.choice == choice)
    after = edits.set_option(
        before, catalog, unit_id=unit.id, option=option, choice=choice, count=taken + 1
    )
    broken = new_errors(before, after, catalog)
    if broken:
        raise StepError(f"The rules refuse that upgrade: {broken[0]}")
    cost = unit_points(after, catalog, unit.id) - unit_points(before, catalog, unit.id)
    if cost > army.bank:
        raise StepError(f"The upgrade costs {cost} pts; the bank holds {army.bank}.")
    name = steps.numbered(before, unit, catalog)
    line = f"{name}: bought {data.get('name', choice)} for {cost} pts."
    return Army(after, army.bank - cost, army.vp, army.missions, [line])


def _sell(army: Army, data: dict, spec, catalog, die) -> Army:
    before = army.document
    unit = steps.active_unit(before, data["unit"], catalog)
    after, _ = steps.sell_upgrade(
        before, unit.id, option=data["option"], cost=0, spec=spec, catalog=catalog
    )
    cost = unit_points(before, catalog, unit.id) - unit_points(after, catalog, unit.id)
    price = spec.sale_price(cost)
    what = steps.upgrade_names(before, unit, data["option"], catalog)
    name = steps.numbered(before, unit, catalog)
    line = f"{name}: sold {what} (worth {cost} pts) for {price} pts."
    return Army(after, army.bank + price, army.vp, army.missions, [line])


def _recruit(army: Army, data: dict, spec, catalog, die) -> Army:
    before = army.document
    veteran, missions = data["veteran"], data["missions_played"]
    after, unit_id = edits.add_unit(
        before, catalog, datasheet=data["datasheet"], force=data.get("force")
    )
    new_unit = after.unit(unit_id)
    assert new_unit is not None
    steps.recruit_check(
        after, new_unit, missions_played=missions, spec=spec, catalog=catalog, veteran=veteran
    )
    recruit = steps.recruited(new_unit, missions_played=missions, veteran=veteran, spec=spec)
    units = tuple(recruit if u.id == unit_id else u for u in after.units)
    after = after.model_copy(update={"units": units})
    cost = unit_points(after, catalog, unit_id)
    if cost > army.bank:
        name = steps.label(recruit, catalog, after)
        raise StepError(f"{name} costs {cost} pts; the bank holds {army.bank}.")
    kind = " (veteran)" if veteran else ""
    line = f"Recruited {steps.numbered(after, recruit, catalog)}{kind} for {cost} pts."
    return Army(after, army.bank - cost, army.vp, army.missions, [line])


def _disband(army: Army, data: dict, spec, catalog, die) -> Army:
    unit = army.document.unit(data["unit"])
    if unit is None:
        raise StepError(f"The army has no unit '{data['unit']}'.")
    name = steps.numbered(army.document, unit, catalog)
    if steps.state(unit).status != "active":
        raise StepError(f"{name} is {steps.state(unit).status} already.")
    after = steps.with_state(army.document, unit.id, status="disbanded")
    return Army(after, army.bank, army.vp, army.missions, [f"{name} was disbanded."])


_APPLY = {
    "mission-report": _report,
    "level-up": _level,
    "upgrade": _buy,
    "sell": _sell,
    "recruit": _recruit,
    "disband": _disband,
}


def recorded_die(dice: dict | None) -> EnteredDie:
    """The dice an event rolled, to roll them again in the same order."""
    return EnteredDie(list((dice or {}).get("results", [])))


@dataclass
class Replayed:
    """A player's army replayed from their history, with the events that no longer hold
    (only after a correction: event, why)."""

    army: Army
    failed: list[tuple[CampaignEvent, str]] = field(default_factory=list)
    lines: dict[int, list[str]] = field(default_factory=dict)


# the events a replay starts from: they keep a whole army (moved: onto a new version of the
# game data, whose steps replay with it)
STARTS = ("joined", "adopted", "army-moved")


def starting_point(events: list) -> tuple[int, Army] | None:
    """The last event (its index) that keeps a whole army, and that army: the founding army at
    "joined", or at "adopted" the army (bank, VP, missions) of a campaign older than replays,
    taken as it stood. None when the history has neither."""
    for at in range(len(events) - 1, -1, -1):
        event = events[at]
        if event.kind in STARTS and "army" in (event.data or {}):
            data = event.data
            document = ListDocument.model_validate(data["army"])
            return at, Army(
                document, data.get("bank", 0), data.get("vp", 0), data.get("missions", 0)
            )
    return None


class CannotReplay(Refused, ValueError):
    """The history lacks what a replay needs (events from before it kept their facts)."""

    code = "history-cannot-replay"


def replay(player, *, spec: CampaignSpec, catalog: Catalog, events=None) -> Replayed:
    """Apply every event of `player` that is not voided (or `events`, the player's, in the order
    they happened), from the army they joined with (or the army adopted as it stood, for a
    campaign older than replays: `starting_point`).

    An event that fails is left out and reported in `failed` (a correction took away what it
    needed); the stored history itself never fails.
    """
    if events is None:
        events = CampaignEvent.objects.filter(player=player, voided_by__isnull=True)
    if hasattr(events, "order_by"):
        events = events.order_by("pk")
    events = list(events)
    start = starting_point(events)
    if start is None:
        raise CannotReplay(
            f"{player.name} joined before the history kept the founding army: "
            "`manage.py check_campaigns --adopt` takes the army as it stands as its starting point."
        )
    at, army = start
    return play(army, events[at + 1 :], spec=spec, catalog=catalog, player=player)


def play(
    army: Army, events: list, *, spec: CampaignSpec, catalog: Catalog, player=None
) -> Replayed:
    """Apply `events` (in order, each with its recorded dice) to `army`; an event that no longer
    holds is left out and reported in `failed`. Each applied event's lines, as this army makes
    them, are in `lines` (event pk -> lines)."""
    failed: list[tuple[CampaignEvent, str]] = []
    lines: dict[int, list[str]] = {}
    for event in events:
        if event.kind not in ARMY_KINDS:
            continue
        if not event.data:
            who = player.name if player is not None else "a player"
            raise CannotReplay(f"{event.kind} of {who} was kept without its facts.")
        try:
            army = apply(
                army, event.kind, event.data, spec=spec, catalog=catalog,
                die=recorded_die(event.dice),
            )  # fmt: skip
        except (StepError, DiceError, edits.EditError) as exc:
            failed.append((event, str(exc)))
        else:
            lines[event.pk] = army.lines
    return Replayed(army, failed, lines)


def campaign_view(document: ListDocument) -> list[tuple]:
    """What the campaign decides about an army: each unit's datasheet, models, upgrades and
    campaign state (its name and notes are the player's own)."""
    return [
        (u.id, u.datasheet, u.faction, u.force, u.models, u.options, u.specialty, u.campaign)
        for u in document.units
    ]
