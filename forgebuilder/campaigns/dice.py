"""Dice for the campaign sequence: a seeded die the server rolls, or results players entered.

Both record every result, so the history can store what was rolled (and, for a seeded die, the
seed that rolls it again the same way).
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field

from forgebuilder.numbers import parse_whole_number
from forgebuilder.refusals import Refused


class DiceError(Refused, ValueError):
    """Entered results ran out or are not die faces; the message says what to enter, and
    `field` names the form field it is about (when a form asked for the roll by name)."""

    code = "dice-results-unusable"

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Ask:
    """What a roll is for, so a form can ask for it by name: unit `unit`'s `kind` roll."""

    unit: str
    kind: str  # "casualty" or "hero" (the injury or talent roll a hero's casualty sends on)
    name: str  # in players' words: "Hush Warden's casualty roll"


@dataclass
class SeededDie:
    """A d6 rolled by the server from `seed`; the same seed rolls the same results."""

    seed: int = field(default_factory=lambda: secrets.randbelow(2**31))
    faces: int = 6
    results: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)

    def roll(self, ask: Ask | None = None) -> int:
        value = self._random.randint(1, self.faces)
        self.results.append(value)
        return value

    def record(self) -> dict:
        return {"seed": self.seed, "results": list(self.results)}


@dataclass
class EnteredDie:
    """Results players rolled on real dice, used in order."""

    entered: list[int]
    faces: int = 6
    results: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        for value in self.entered:
            if not isinstance(value, int) or not 1 <= value <= self.faces:
                raise DiceError(
                    f"{value!r} is not a roll of a d{self.faces}: enter 1 to {self.faces}."
                )

    def roll(self, ask: Ask | None = None) -> int:
        if len(self.results) >= len(self.entered):
            raise DiceError(
                f"One more die roll is needed (roll {len(self.results) + 1}); enter it and try again."
            )
        value = self.entered[len(self.results)]
        self.results.append(value)
        return value

    def record(self) -> dict:
        return {"seed": None, "results": list(self.results)}


@dataclass
class NamedDie:
    """Rolls players entered one field per roll (`p<player>-<unit>-<kind>-roll`, several values
    where a table makes them roll again), and the server's seeded die for a roll left empty
    whose field is in `roll_for_me` (each roll has its own "Roll for me"); otherwise an empty
    roll is asked for by name.

    `player` scopes the fields to one side of a report (`for_player`); the results, and which
    roll each was, are shared by every side.
    """

    entered: dict[str, list[int]]
    roll_for_me: frozenset[str] = frozenset()
    seed: int = field(default_factory=lambda: secrets.randbelow(2**31))
    faces: int = 6
    results: list[int] = field(default_factory=list)
    named: list[dict] = field(default_factory=list)
    player: int | None = None

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)
        self._used: dict[str, int] = {}

    def for_player(self, player: int) -> NamedDie:
        scoped = NamedDie.__new__(NamedDie)
        scoped.__dict__.update(self.__dict__)
        scoped.player = player
        return scoped

    def field(self, ask: Ask) -> str:
        return f"p{self.player}-{ask.unit}-{ask.kind}-roll"

    def roll(self, ask: Ask | None = None) -> int:
        if ask is None:
            raise DiceError("Every roll of a battle report is asked for by name.")
        key = self.field(ask)
        values, used = self.entered.get(key, []), self._used.get(key, 0)
        if used < len(values):
            value, by = values[used], "entered"
        elif key in self.roll_for_me:
            value, by = self._random.randint(1, self.faces), "server"
        else:
            again = " again (the table says to roll again)" if used else ""
            raise DiceError(
                f"{ask.name} is needed{again}: enter it, or tick its 'Roll for me'.", key
            )
        self._used[key] = used + 1
        self.results.append(value)
        self.named.append({"roll": ask.name, "value": value, "by": by})
        return value

    def record(self) -> dict:
        return {"seed": self.seed, "results": list(self.results), "named": list(self.named)}


def named_rolls(post, fields: dict[str, str]) -> dict[str, list[int]]:
    """The rolls entered in a form's roll `fields` (field -> the roll's name): `'3'`, or `'3 5'`
    where a table makes the unit roll again; anything but die faces is refused by name."""
    out: dict[str, list[int]] = {}
    for key, name in fields.items():
        text = (post.get(key) or "").replace(",", " ").strip()
        if not text:
            continue
        values = [n for v in text.split() if (n := parse_whole_number(v)) is not None]
        if len(values) != len(text.split()) or any(not 1 <= v <= 6 for v in values):
            shown = text if len(text) <= 20 else text[:20] + "…"
            raise DiceError(f"{name}: '{shown}' is not a die roll; enter 1 to 6.", key)
        out[key] = values
    return out


Die = SeededDie | EnteredDie | NamedDie
