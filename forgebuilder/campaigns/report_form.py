"""The battle report form: its fields, the values typed (never lost on an error), the reports
and the named dice read from them.

One row per living unit of each side; every die a report may need has its own field, named
after the unit and the roll ("Hush Warden's casualty roll"), and its own "Roll for me" box
(`<roll field>-server`): the server rolls it when it is left empty. A draft is the same values
saved.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from forgebuilder.numbers import parse_whole_number

from .dice import NamedDie, named_rolls
from .services.base import CampaignError
from .steps import BattleReport, UnitOutcome

COUNTS = (
    ("units", "Enemy units killed"),
    ("heroes", "Enemy heroes killed"),
    ("both", "Heroes killed with their unit"),
)
MAX_VALUE = 20  # characters kept of any typed value


@dataclass(frozen=True)
class Row:
    """One unit's line of the form, with what was typed in it."""

    key: str  # p<player>-<unit>
    name: str  # numbered when the army has two of the same name
    hero: bool
    casualty: bool
    counts: list[tuple[str, str, str]]  # (field, label, value)
    roll: str
    hero_roll: str
    roll_server: bool  # its "Roll for me" is ticked
    hero_roll_server: bool


def side_names(units: list[dict]) -> dict[str, str]:
    """Each living unit's name, numbered in list order where two units share one ("Lightbearer
    Squad 2"), as the history numbers them (steps.numbered)."""
    total = Counter(u["name"] for u in units)
    seen: Counter[str] = Counter()
    names = {}
    for unit in units:
        seen[unit["name"]] += 1
        repeated = total[unit["name"]] > 1
        if unit["active"]:
            names[unit["id"]] = f"{unit['name']} {seen[unit['name']]}" if repeated else unit["name"]
    return names


def field_names(sides: list[dict]) -> list[str]:
    """Every field the form has: what a draft keeps and nothing else."""
    names = ["winner"]
    for side in sides:
        pk = side["player"].pk
        names.append(f"p{pk}-objective")
        for unit in side["units"]:
            if unit["active"]:
                key = f"p{pk}-{unit['id']}"
                names += [f"{key}-casualty", *roll_fields(key, hero=unit["hero"])]
                names += [f"{key}-{field}" for field, _ in COUNTS]
    return names


def roll_fields(key: str, *, hero: bool) -> list[str]:
    """A unit's roll fields (a hero's injury or talent roll too), each followed by its "Roll
    for me" box."""
    rolls = [f"{key}-casualty-roll", *([f"{key}-hero-roll"] if hero else [])]
    return [name for roll in rolls for name in (roll, f"{roll}{SERVER}")]


SERVER = "-server"  # a roll field's "Roll for me" box is the field's name and this


def fresh(sides: list[dict]) -> dict[str, str]:
    """A new report's values: every "Roll for me" ticked (a player unticks the rolls they make
    on real dice, or simply types them: a typed roll is used)."""
    return {f: "on" for f in field_names(sides) if f.endswith(SERVER)}


def kept(values, sides: list[dict]) -> dict[str, str]:
    """The form's own fields of `values` (a POST or a saved draft), each cut to a sane length."""
    return {k: str(values.get(k, ""))[:MAX_VALUE] for k in field_names(sides) if values.get(k)}


def form_sides(sides: list[dict], values: dict[str, str]) -> list[dict]:
    """The sides as the template draws them: each unit's row with what was typed."""
    out = []
    for side in sides:
        pk = side["player"].pk
        names = side_names(side["units"])
        rows = []
        for unit in side["units"]:
            if not unit["active"]:
                continue
            key = f"p{pk}-{unit['id']}"
            rows.append(
                Row(
                    key=key,
                    name=names[unit["id"]],
                    hero=unit["hero"],
                    casualty=values.get(f"{key}-casualty") == "on",
                    counts=[
                        (f"{key}-{f}", label, values.get(f"{key}-{f}", "0")) for f, label in COUNTS
                    ],
                    roll=values.get(f"{key}-casualty-roll", ""),
                    hero_roll=values.get(f"{key}-hero-roll", ""),
                    roll_server=values.get(f"{key}-casualty-roll{SERVER}") == "on",
                    hero_roll_server=values.get(f"{key}-hero-roll{SERVER}") == "on",
                )
            )
        out.append(
            {
                "player": side["player"],
                "won": values.get("winner") == str(pk),
                "objective": values.get(f"p{pk}-objective") == "on",
                "rows": rows,
            }
        )
    return out


def _count(values, field: str, what: str) -> int:
    text = (values.get(field) or "0").strip()
    number = parse_whole_number(text)
    if number is None or number > 99:
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise CampaignError(f"{what}: '{shown}' is not a number from 0 to 99.")
    return number


def reports(values, sides: list[dict]) -> dict[int, BattleReport]:
    """Each player's side of the battle, read from the form; a bad number is refused by name."""
    winner = values.get("winner", "")
    out = {}
    for side in sides:
        pk = side["player"].pk
        names = side_names(side["units"])
        units = {}
        for unit in side["units"]:
            if not unit["active"]:
                continue
            key = f"p{pk}-{unit['id']}"
            name = names[unit["id"]]
            kills = [
                _count(values, f"{key}-{f}", f"{name}: {label.lower()}") for f, label in COUNTS
            ]
            units[unit["id"]] = UnitOutcome(values.get(f"{key}-casualty") == "on", *kills)
        out[pk] = BattleReport(
            won=winner == str(pk), objective=values.get(f"p{pk}-objective") == "on", units=units
        )
    return out


def roll_names(sides: list[dict]) -> dict[str, str]:
    """Each roll field of the form (field -> the roll's name in players' words)."""
    rolls = {}
    for side in sides:
        for unit_id, name in side_names(side["units"]).items():
            key = f"p{side['player'].pk}-{unit_id}"
            rolls[f"{key}-casualty-roll"] = f"{name}'s casualty roll"
            rolls[f"{key}-hero-roll"] = f"{name}'s injury or talent roll"
    return rolls


def report_die(values, sides: list[dict]) -> NamedDie:
    """The dice typed in the roll fields; the server rolls an empty one whose 'Roll for me' is
    ticked."""
    rolls = roll_names(sides)
    server = frozenset(k for k in rolls if values.get(f"{k}{SERVER}") == "on")
    return NamedDie(named_rolls(values, rolls), roll_for_me=server)


OUTCOME = dict(zip((f for f, _ in COUNTS), ("killed_units", "killed_heroes",
                                              "killed_heroes_with_unit"), strict=True))  # fmt: skip


def recorded(events, sides: list[dict]) -> dict[str, str]:
    """The form's values of a recorded report (its players' mission-report events): who won,
    the objectives, each unit's casualty and kills, and every roll as it fell (so a correction
    keeps the dice unless a player changes them)."""
    values: dict[str, str] = {}
    fields = {}  # a roll's recorded name -> its field ("injury" and "talent" rolls share one)
    for key, name in roll_names(sides).items():
        for word in ("injury", "talent") if key.endswith("-hero-roll") else ("casualty",):
            fields[name.replace("injury or talent", word)] = key
    rolls: dict[str, list[str]] = {}
    for event in events:
        pk, report = event.player_id, event.data["report"]
        if report["won"]:
            values["winner"] = str(pk)
        if report["objective"]:
            values[f"p{pk}-objective"] = "on"
        for unit_id, outcome in report["units"].items():
            key = f"p{pk}-{unit_id}"
            if outcome["casualty"]:
                values[f"{key}-casualty"] = "on"
            for field, attribute in OUTCOME.items():
                values[f"{key}-{field}"] = str(outcome[attribute])
        for roll in (event.dice or {}).get("named", []):
            if roll["roll"] in fields:
                rolls.setdefault(fields[roll["roll"]], []).append(str(roll["value"]))
    return values | {key: " ".join(found) for key, found in rolls.items()}
