"""What the engine produces: violations, totals and the report; and the base of every check."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypedDict, Unpack

if TYPE_CHECKING:
    from forgebuilder.engine.rules.roster import Roster

Severity = Literal["error", "warning"]


class Where(TypedDict, total=False):
    """What a check's violation says besides its message (see `Violation`); `code` replaces
    the check's own code for a problem of its own (the check's code when not given)."""

    hint: str
    # the other way out where the player sets the list's points limit ("raise the points limit
    # to 1,125"): the hint reads "<hint>, or <or_raise>."; where the limit is fixed (an event's
    # pack), `fixed_limit_hint` is the hint alone
    or_raise: str
    units: Iterable[str]
    forces: Iterable[str]
    code: str | None


@dataclass(frozen=True, slots=True)
class Violation:
    """One problem with a list, in players' words.

    `code` is stable (tests, the API and the UI key on it); `message` cites the rule;
    `hint` says what to do; `units` are the ids of the units it concerns, `forces` those of
    the forces it is about (a force's slots, its focus, what the forces cost).
    `fixed_limit_hint` is what to do where the points limit cannot be raised (an event's pack
    sets it): the hint without its "or raise the limit" half ("" when the hint has none).
    """

    code: str
    severity: Severity
    message: str
    hint: str = ""
    units: tuple[str, ...] = ()
    forces: tuple[str, ...] = ()
    fixed_limit_hint: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "hint": self.hint,
            "units": list(self.units),
            "forces": list(self.forces),
        }


@dataclass(frozen=True, slots=True)
class Total:
    """A number players track: points used, strategy points left, command points..."""

    key: str
    label: str
    value: int
    limit: int | None = None
    detail: str = ""
    about: str = ""  # what the figure counts, in a sentence a player reads on tap or hover

    @property
    def over(self) -> bool:
        """Past its limit: the one answer to "over the limit" that every page shows."""
        return self.limit is not None and self.value > self.limit

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "value": self.value,
            "limit": self.limit,
            "detail": self.detail,
        }


@dataclass(frozen=True, slots=True)
class SlotStatus:
    """How full one category of a force organization is: the one count every page shows."""

    category: str
    name: str  # the category in players' words
    count: int  # units in play of the category in the force
    min: int
    max: int | None  # None: any number

    @property
    def ok(self) -> bool:
        return self.count >= self.min and (self.max is None or self.count <= self.max)

    @property
    def full(self) -> bool:
        """No room for one more of the category."""
        return self.max is not None and self.count >= self.max

    @property
    def text(self) -> str:
        return f"{self.count}/{'∞' if self.max is None else self.max}"


@dataclass(frozen=True, slots=True)
class UnitProgress:
    """How far a unit has come in a wing that levels units up (a campaign): its level, its
    experience and the experience its next level needs in all. The wing measures it (through
    `extensions.unit_progress`); pages only format it."""

    level: int
    xp: int
    need: int  # XP the next level needs in all

    @property
    def next_level(self) -> int:
        return self.level + 1

    @property
    def ready(self) -> bool:
        return self.xp >= self.need

    @property
    def missing(self) -> int:
        return max(0, self.need - self.xp)


@dataclass(frozen=True, slots=True)
class Reference:
    """A rule the list brings to the table, printed with its text: a stratagem, a strategy."""

    name: str
    text: str
    cost: str = ""  # "2 CP", "1 SP"
    note: str = ""  # where it comes from: "Iron Vigil", "focus strategy"


@dataclass(frozen=True)
class Report:
    totals: tuple[Total, ...]
    violations: tuple[Violation, ...]
    unit_points: dict[str, int] = field(default_factory=dict)
    # Derived facts per unit shown on cards, e.g. {"u1": ("Large model",)}.
    unit_facts: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Other things the list unlocks, e.g. available strategies: (heading, [(name, note)]).
    notes: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    # The rules' texts players need at the table, by heading: (heading, references).
    references: tuple[tuple[str, tuple[Reference, ...]], ...] = ()
    # Each force organization's slots, by force id, in the organization's order.
    slots: dict[str, tuple[SlotStatus, ...]] = field(default_factory=dict)
    # The faction each unit comes from, by unit id (`ListDocument.unit_faction`, as resolved).
    unit_factions: dict[str, str] = field(default_factory=dict)
    # How far each unit has come in a wing that levels units up, by unit id (none: not there).
    unit_progress: dict[str, UnitProgress] = field(default_factory=dict)

    @property
    def errors(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity == "error")

    @property
    def warnings(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity == "warning")

    @property
    def legal(self) -> bool:
        return not self.errors

    @property
    def empty(self) -> bool:
        """A list without units: nothing to call legal yet."""
        return not self.unit_points

    @property
    def verdict(self) -> str:
        """The list's state in players' words, the same on every page: an empty list is "No
        units yet", never "Legal list"."""
        if self.errors:
            return f"Not legal: {plural(len(self.errors), 'problem')}"
        if self.empty:
            return "No units yet"
        return "Legal list"

    def total(self, key: str) -> Total | None:
        return next((t for t in self.totals if t.key == key), None)

    def slot(self, force_id: str | None, category: str | None) -> SlotStatus | None:
        """The slot of `category` in force `force_id`; None when its organization has none."""
        statuses = self.slots.get(force_id or "", ())
        return next((s for s in statuses if s.category == (category or "")), None)

    def violations_for(self, unit_id: str) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if unit_id in v.units)

    def to_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "verdict": self.verdict,
            "totals": [t.to_json() for t in self.totals],
            "violations": [v.to_json() for v in self.violations],
            "unit_points": self.unit_points,
            "unit_facts": {k: list(v) for k, v in self.unit_facts.items()},
            "notes": [
                {"heading": heading, "items": [{"name": n, "note": note} for n, note in rows]}
                for heading, rows in self.notes
            ],
        }


class Check:
    """A rule a list must follow. Shaped like Django's password validators.

    Subclasses set a stable `code` (or several, documented in `codes`), a `description` for
    help text, and implement `check()` yielding violations and/or `totals()` yielding totals.
    Parameters come from the module (`roster.params`), so a module with other numbers needs
    no code. `casual = True` keeps a check's violations in casual mode, where only points are
    checked; every check's totals, facts, notes and references are shown in casual mode too.
    """

    code: ClassVar[str] = ""
    description: ClassVar[str] = ""
    casual: ClassVar[bool] = False

    def check(self, roster: Roster) -> Iterator[Violation]:
        return iter(())

    def totals(self, roster: Roster) -> Iterator[Total]:
        return iter(())

    def facts(self, roster: Roster) -> Iterator[tuple[str, str]]:
        """(unit id, fact) pairs, e.g. ("u1", "Large model")."""
        return iter(())

    def notes(self, roster: Roster) -> Iterator[tuple[str, tuple[tuple[str, str], ...]]]:
        return iter(())

    def references(self, roster: Roster) -> Iterator[tuple[str, tuple[Reference, ...]]]:
        """(heading, rules with their text) the roster prints, e.g. the list's stratagems."""
        return iter(())

    def slots(self, roster: Roster) -> Iterator[tuple[str, SlotStatus]]:
        """(force id, slot status) of the force organizations the check counts."""
        return iter(())

    def error(self, message: str, **where: Unpack[Where]) -> Violation:
        return self._violation("error", message, where)

    def warning(self, message: str, **where: Unpack[Where]) -> Violation:
        return self._violation("warning", message, where)

    def _violation(self, severity: Severity, message: str, where: Where) -> Violation:
        units, forces = tuple(where.get("units", ())), tuple(where.get("forces", ()))
        code = where.get("code") or self.code
        hint, fixed = where.get("hint", ""), ""
        if where.get("or_raise"):
            fixed = f"{hint}."
            hint = f"{hint}, or {where['or_raise']}."
        return Violation(code, severity, message, hint, units, forces, fixed)


def plural(n: int, word: str, plural_word: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural_word or word + 's')}"
