"""The game tracker's state and its changes, as pure functions (like a list's edits).

A game's *sheet* (built once when the game starts, `sheet.py`) says what can be tracked: the
game's counters, the pools a player spends (strategy or command points), the statuses a unit
can carry and each unit's models and wounds. A game's *state* is plain JSON:

    {"values": {"round": 1, "vp": 0, "sp.spent": 0, "u.<unit>.lost": 0, ...},
     "stamps": {"<path>": <when it was last set, ms>},
     "undo": [{"id": ..., "label": ..., "old": {"<path>": <value before>}}, ...]}

A player's tap is an *intent* (`add`, `toggle`, `spend`, `next_round`, `undo`) turned into a
*change* with its own id, a label and when it was made. What is counted (victory points,
models lost, points spent) changes by *increments* (`adds`: {path: by}): two phones tapping
"+1" at once both count, whatever the order their changes reach the server in, and a spend
counts only in the round it was made in (`round`). What is set (a status on or off, the
round) changes by value (`sets`, with the values they replace in `old`), and the later set of
a value wins: an older set is *dropped*, and the label of what was dropped is reported.
Pages cached on phones before increments existed send `sets` only; they are applied so.

The browser runs the same intents (static/js/tracker.js) so the phone answers at once
offline; the server applies the changes it is sent with `apply`, which checks every value
against the sheet (never below zero, never more models lost than the unit has, never more
spent than the round's pool). One table of examples (tests/play/vectors.json) runs through
both implementations.
"""

from __future__ import annotations

import copy
from collections import ChainMap
from collections.abc import Mapping
from dataclasses import dataclass, field

from forgebuilder.refusals import Refused

MAX_ROUND = 99
MAX_COUNT = 999
UNDO_DEPTH = 30
ROUND = "round"


class ChangeError(Refused, ValueError):
    """A change that does not fit the sheet: its message says which counter and why."""

    code = "change-does-not-fit-sheet"


@dataclass(frozen=True)
class Applied:
    state: dict
    # what was dropped because another device set it later: the change's label, and the
    # counters dropped when only some of its values were
    dropped: tuple[str, ...] = field(default=())


def initial_state(sheet: dict) -> dict:
    """Round 1, nothing lost, nothing spent; counters that start above zero (underdog points
    from the match) at their start."""
    values = {ROUND: 1}
    for counter in sheet["counters"]:
        values[counter["key"]] = counter.get("start", 0)
    for pool in sheet["pools"]:
        values[f"{pool['key']}.spent"] = 0
        if pool.get("gain"):
            values[f"{pool['key']}.gained"] = 0
    for unit in sheet["units"]:
        for key in _unit_keys(sheet, unit):
            values[f"u.{unit['id']}.{key}"] = 0
    return {"values": values, "stamps": {}, "undo": []}


def _unit_keys(sheet: dict, unit: dict) -> list[str]:
    keys = ["lost"]
    if unit.get("wounds"):
        keys.append("wounds")
    return keys + [status["key"] for status in sheet["statuses"]]


# ---- limits: what each path may hold -------------------------------------------------------


def pool_size(pool: dict, round_number: int, gained: int = 0) -> int:
    """What a pool holds in a round: round 1's figure (after pre-game spending), then the
    income of every later round; a pool without income per round (command points) keeps its
    first figure for the whole game. `gained`: what abilities added this round."""
    if round_number <= 1 or pool.get("each") is None:
        return max(pool["first"], 0) + gained
    return max(pool["each"], 0) + gained


def pool_left(pool: dict, values: dict) -> int:
    key = pool["key"]
    size = pool_size(pool, values[ROUND], values.get(f"{key}.gained", 0))
    return size - values[f"{key}.spent"]


def _limits(sheet: dict) -> dict[str, tuple[str, int]]:
    """Each path the sheet knows: (what it is called, the most it may hold)."""
    limits: dict[str, tuple[str, int]] = {ROUND: ("Round", MAX_ROUND)}
    for counter in sheet["counters"]:
        limits[counter["key"]] = (counter["label"], counter.get("max", MAX_COUNT))
    for pool in sheet["pools"]:
        limits[f"{pool['key']}.spent"] = (f"{pool['label']} spent", MAX_COUNT)
        if pool.get("gain"):
            limits[f"{pool['key']}.gained"] = (f"{pool['label']} from abilities", pool["gain"])
    for unit in sheet["units"]:
        name = f"{unit['name']} ({unit['number']})"
        limits[f"u.{unit['id']}.lost"] = (f"{name}: models lost", unit["models"])
        if unit.get("wounds"):
            wounds = unit.get("wounds_label", "Wounds").lower()
            limits[f"u.{unit['id']}.wounds"] = (f"{name}: {wounds}", unit["wounds"])
        for status in sheet["statuses"]:
            most = 1 if status["kind"] == "flag" else MAX_COUNT
            limits[f"u.{unit['id']}.{status['key']}"] = (f"{name}: {status['label']}", most)
    return limits


def limits_of(sheet: dict) -> dict[str, tuple[str, int]]:
    """Each path the sheet knows: (what it is called, the most it may hold)."""
    return _limits(sheet)


def _check(sheet: dict, values: Mapping, paths, limits: dict | None = None) -> None:
    """Raise ChangeError when the values at `paths` break a limit, or a pool is overspent
    (`values`: every value once the change is applied; `limits`: the sheet's, if at hand)."""
    limits = _limits(sheet) if limits is None else limits
    for path in paths:
        value = values.get(path)
        if path not in limits:
            raise ChangeError(f"This game tracks no counter called {path!r}.")
        label, most = limits[path]
        if isinstance(value, bool) or not isinstance(value, int):
            raise ChangeError(f"{label} must be a whole number, not {value!r}.")
        least = 1 if path == ROUND else 0
        if value < least:
            raise ChangeError(f"{label} cannot go below {least}.")
        if value > most:
            raise ChangeError(f"{label} cannot go above {most}.")
    for pool in sheet["pools"]:
        size = pool_size(pool, values[ROUND], values.get(f"{pool['key']}.gained", 0))
        if values[f"{pool['key']}.spent"] > size:
            raise ChangeError(
                f"{pool['label']}: round {values[ROUND]} has {size}; "
                f"you cannot spend {values[pool['key'] + '.spent']}."
            )


# ---- intents: a tap becomes a change -------------------------------------------------------


def make_change(state: dict, sets: dict, *, label: str, at: int, change_id: str) -> dict:
    old = {path: state["values"].get(path) for path in sets}
    return {"id": change_id, "at": at, "label": label, "sets": dict(sets), "old": old}


def make_increment(adds: dict, *, label: str, at: int, change_id: str, **extra) -> dict:
    """A change that counts: each path goes up (or down) by its figure, whatever it is when
    the change is applied (`extra`: the round a spend belongs to)."""
    return {"id": change_id, "at": at, "label": label, "sets": {}, "adds": dict(adds), **extra}


def _set_one(state: dict, sheet: dict, path: str, value: int, how: str, **stamp) -> dict:
    """A change of one counter to `value`, labelled "<counter> <how>", checked before it is
    offered (so a refused tap never reaches the queue)."""
    limits = _limits(sheet)
    label = limits.get(path, (path, 0))[0]
    change = make_change(state, {path: value}, label=f"{label} {how}", **stamp)
    _check(sheet, {**state["values"], path: value}, change["sets"], limits)
    return change


def add(state: dict, sheet: dict, path: str, by: int, *, at: int, change_id: str) -> dict:
    """Add `by` (or take away, when negative) to a counter; refused below zero or above its most."""
    limits = _limits(sheet)
    how = f"{'+' if by > 0 else '−'}{abs(by)}"
    label = f"{limits.get(path, (path, 0))[0]} {how}"
    change = make_increment({path: by}, label=label, at=at, change_id=change_id)
    value = state["values"].get(path, 0) + by
    _check(sheet, {**state["values"], path: value}, [path], limits)
    return change


def toggle(state: dict, sheet: dict, path: str, *, at: int, change_id: str) -> dict:
    """Put a status on a unit or take it off."""
    value = 0 if state["values"].get(path) else 1
    how = "on" if value else "off"
    return _set_one(state, sheet, path, value, how, at=at, change_id=change_id)


def spend(
    state: dict, sheet: dict, pool_key: str, cost: int, *, what: str, at: int, change_id: str
) -> dict:
    """Spend `cost` from a pool on `what` (a strategy, a stratagem, or just "1 point")."""
    pool = next(p for p in sheet["pools"] if p["key"] == pool_key)
    path = f"{pool_key}.spent"
    values = state["values"]
    left = pool_left(pool, values)
    if cost > left:
        raise ChangeError(
            f"{what} costs {cost} {pool['short']}; round {values[ROUND]} has {left} left."
        )
    return make_increment(
        {path: cost}, label=f"{what}: {cost} {pool['short']}", at=at, change_id=change_id,
        round=values[ROUND],
    )  # fmt: skip


def gain(state: dict, sheet: dict, pool_key: str, *, at: int, change_id: str) -> dict:
    """A point an ability adds to this round's pool: at most the pool's `gain` a round."""
    pool = next(p for p in sheet["pools"] if p["key"] == pool_key and p.get("gain"))
    values, path = state["values"], f"{pool_key}.gained"
    if values.get(path, 0) >= pool["gain"]:
        raise ChangeError(
            f"Abilities add at most {pool['gain']} {pool['short']} a round: round "
            f"{values[ROUND]} has had it."
        )
    label = f"{pool['label']}: +1 from an ability"
    return make_increment({path: 1}, label=label, at=at, change_id=change_id, round=values[ROUND])


def game_over(state: dict, sheet: dict) -> bool:
    """Whether the game's last round (as its rules say) is being played."""
    last = sheet.get("last_round")
    return bool(last) and state["values"][ROUND] >= last


def next_round(state: dict, sheet: dict, *, at: int, change_id: str) -> dict:
    """The next round: its pools refill (those with income per round), and the statuses that
    last a round (activated, fatigued) come off every unit. After the last round the rules
    give, the game is over: there is no next one."""
    values = state["values"]
    if game_over(state, sheet):
        raise ChangeError(
            f"The game ends after round {sheet['last_round']}: enter the result below."
        )
    if values[ROUND] >= MAX_ROUND:
        raise ChangeError(f"A game tracks at most {MAX_ROUND} rounds.")
    sets = {ROUND: values[ROUND] + 1}
    for pool in sheet["pools"]:
        if pool.get("each") is not None:
            sets[f"{pool['key']}.spent"] = 0
        if pool.get("gain") and values.get(f"{pool['key']}.gained"):
            sets[f"{pool['key']}.gained"] = 0
    for unit in sheet["units"]:
        for status in sheet["statuses"]:
            path = f"u.{unit['id']}.{status['key']}"
            if status.get("clears") and values.get(path):
                sets[path] = 0
    return make_change(state, sets, label=f"Round {values[ROUND] + 1}", at=at, change_id=change_id)


def undo(state: dict, *, at: int, change_id: str) -> dict:
    """Put back the values the last change replaced, exactly."""
    if not state["undo"]:
        raise ChangeError("There is nothing to undo.")
    last = state["undo"][-1]
    label = f"Undo: {last['label']}"
    if "adds" in last:  # a count taken back: by the same figure, whatever it is now
        adds = {path: -by for path, by in last["adds"].items()}
        extra = {"round": last["round"]} if "round" in last else {}
        change = make_increment(adds, label=label, at=at, change_id=change_id, **extra)
    else:
        change = make_change(state, last["old"], label=label, at=at, change_id=change_id)
    change["undoes"] = last["id"]
    return change


# ---- applying a change ---------------------------------------------------------------------


def apply(state: dict, sheet: dict, change: dict) -> Applied:
    """`state` with `change` applied (`state` itself is left as it was): see `apply_in_place`."""
    new = copy.deepcopy(state)
    return Applied(new, apply_in_place(new, sheet, change))


def apply_in_place(state: dict, sheet: dict, change: dict, limits: dict | None = None) -> tuple:
    """Apply `change` to `state` itself, each value checked against the sheet (`limits`: the
    sheet's, worked out once for many changes); a refused change raises ChangeError before
    anything is changed. A change's counts (`adds`) always apply (a spend in its round only);
    of its set values, one set later by another change keeps that later value; what was
    dropped is returned."""
    values, stamps = state["values"], state["stamps"]
    at, label = change["at"], change.get("label", "A change")
    if isinstance(at, bool) or not isinstance(at, int) or at < 0:
        raise ChangeError(f"{label}: its time is not a number.")
    adds = change.get("adds") or {}
    if "round" in change and change["round"] != values[ROUND]:
        if change.get("undoes"):  # what it undoes can no longer be undone
            state["undo"] = [e for e in state["undo"] if e["id"] != change["undoes"]]
        return (f"{label} (round {change['round']} is over)",)
    sets = change.get("sets") or {}
    kept = {path: value for path, value in sets.items() if stamps.get(path, 0) <= at}
    counted = {path: values.get(path, 0) + _whole(by, label) for path, by in adds.items()}
    _check(sheet, ChainMap(counted, kept, values), [*kept, *counted], limits)
    # what the change replaced (a page cached before increments undoes a count by it)
    old = {path: values.get(path) for path in [*kept, *counted]}
    for path, value in kept.items():
        values[path] = value
        stamps[path] = at
    values.update(counted)
    dropped = _dropped(sheet, change, kept, limits)
    if change.get("undoes"):
        state["undo"] = [e for e in state["undo"] if e["id"] != change["undoes"]]
    elif kept or counted:
        entry = {"id": change["id"], "label": label, "old": old}
        if adds:
            entry["adds"] = dict(adds)
        if "round" in change:
            entry["round"] = change["round"]
        state["undo"] = [*state["undo"], entry][-UNDO_DEPTH:]
    return dropped


def _whole(by: object, label: str) -> int:
    if isinstance(by, bool) or not isinstance(by, int):
        raise ChangeError(f"{label}: it must count by a whole number, not {by!r}.")
    return by


def _dropped(sheet: dict, change: dict, kept: dict, limits: dict | None) -> tuple[str, ...]:
    """The label of a change whose set values another device set later: the whole change, or
    which of its counters when only some were."""
    lost = [path for path in change.get("sets") or {} if path not in kept]
    if not lost:
        return ()
    if not kept and not change.get("adds"):
        return (change["label"],)
    limits = _limits(sheet) if limits is None else limits
    names = ", ".join(limits.get(path, (path, 0))[0] for path in lost)
    return (f"{change['label']} ({names})",)


def for_device(state: dict) -> dict:
    """The state a phone keeps: without the ids of the changes already applied (the server's
    own record, to apply a resent change once)."""
    return {key: value for key, value in state.items() if key != "seen"}


def destroyed(state: dict, unit: dict) -> bool:
    """A unit is destroyed when every model is lost (or every wound taken)."""
    values = state["values"]
    if values.get(f"u.{unit['id']}.lost", 0) >= unit["models"]:
        return True
    return bool(unit.get("wounds")) and values.get(f"u.{unit['id']}.wounds", 0) >= unit["wounds"]


def summary(state: dict, sheet: dict) -> dict:
    """What a finished game comes to: rounds played, victory points, units destroyed."""
    values = state["values"]
    return {
        "rounds": values[ROUND],
        "vp": values.get("vp", 0),
        "destroyed": [u["id"] for u in sheet["units"] if destroyed(state, u)],
    }
