"""Dice for the campaign sequence: a seeded die the server rolls, or results players entered.

Both record every result, so the history can store what was rolled (and, for a seeded die, the
seed that rolls it again the same way).
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field


class DiceError(ValueError):
    """Entered results ran out or are not die faces; the message says what to enter."""


@dataclass
class SeededDie:
    """A d6 rolled by the server from `seed`; the same seed rolls the same results."""

    seed: int = field(default_factory=lambda: secrets.randbelow(2**31))
    faces: int = 6
    results: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)

    def roll(self) -> int:
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

    def roll(self) -> int:
        if len(self.results) >= len(self.entered):
            raise DiceError(
                f"One more die roll is needed (roll {len(self.results) + 1}); enter it and try again."
            )
        value = self.entered[len(self.results)]
        self.results.append(value)
        return value

    def record(self) -> dict:
        return {"seed": None, "results": list(self.results)}


Die = SeededDie | EnteredDie
