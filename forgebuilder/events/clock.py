"""The round clock the organiser runs and the hall's screen shows.

A round's clock is not started, running (it ends at `Round.clock_ends_at`) or paused (with
`Round.clock_left` to go); a running clock whose end has passed reads "time". The organiser
starts it for a number of minutes, pauses, resumes, adds minutes (running or paused) and
stops it. Each action locks the round's row, checks the clock's state inside the lock and is
refused in players' words when it cannot apply (pausing a paused clock: two organisers' tabs).
Plain Python: views only call it; `now` is passed in so tests run the clock by hand.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import transaction

from forgebuilder.refused import Refused

from .models import Round

MAX_MINUTES = 24 * 60
STOPPED, RUNNING, PAUSED, TIME = "stopped", "running", "paused", "time"


class ClockRefused(Refused):
    code = "clock-refused"


@dataclass(frozen=True)
class ClockState:
    status: str  # STOPPED, RUNNING, PAUSED or TIME
    seconds_left: int  # 0 when stopped or at time
    ends_at: dt.datetime | None  # a running clock's end

    @property
    def shown(self) -> str:
        """The clock as the screen shows it: "1:05:09", "32:10", "0:00"."""
        hours, rest = divmod(self.seconds_left, 3600)
        minutes, seconds = divmod(rest, 60)
        return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"

    def to_json(self) -> dict:
        ends = self.ends_at.isoformat() if self.ends_at else None
        return {"status": self.status, "seconds_left": self.seconds_left, "ends_at": ends}


def clock_state(round_: Round | None, now: dt.datetime) -> ClockState:
    if round_ is None or (round_.clock_ends_at is None and round_.clock_left is None):
        return ClockState(STOPPED, 0, None)
    if round_.clock_left is not None:
        return ClockState(PAUSED, int(round_.clock_left.total_seconds()), None)
    left = int((round_.clock_ends_at - now).total_seconds() + 0.999)
    if left <= 0:
        return ClockState(TIME, 0, round_.clock_ends_at)
    return ClockState(RUNNING, left, round_.clock_ends_at)


def clock_minutes(raw: str) -> int:
    """The minutes an organiser typed; refused plainly when they are not 1 to 1,440."""
    raw = (raw or "").strip()
    if not raw.isdigit() or not 1 <= int(raw) <= MAX_MINUTES:
        raise ClockRefused(
            f"Give the minutes as a whole number from 1 to {MAX_MINUTES:,}.",
            "A round of two and a half hours is 150.",
            path="minutes",
        )
    return int(raw)


def clock_act(*, round_: Round, action: str, now: dt.datetime, minutes: int = 0) -> ClockState:
    """Apply `action` (start, pause, resume, add, stop) to the round's clock, in one transaction
    on the locked round; refused when the clock's state does not allow it."""
    with transaction.atomic():
        locked = Round.objects.select_for_update().get(pk=round_.pk)
        state = clock_state(locked, now)
        ends, left = _acted(state, action, now, minutes)
        locked.clock_ends_at, locked.clock_left = ends, left
        locked.save(update_fields=["clock_ends_at", "clock_left"])
    return clock_state(locked, now)


def _acted(state: ClockState, action: str, now: dt.datetime, minutes: int):
    """The clock's new (ends_at, left) after `action` from `state`."""
    status = state.status
    if action == "start":
        if status in (RUNNING, PAUSED):
            raise ClockRefused("The clock is already running or paused.", "Stop it to start again.")
        return now + dt.timedelta(minutes=minutes), None
    if action == "pause":
        if status != RUNNING:
            raise ClockRefused("The clock is not running, so it cannot be paused.")
        return None, dt.timedelta(seconds=state.seconds_left)
    if action == "resume":
        if status != PAUSED:
            raise ClockRefused("The clock is not paused, so it cannot be resumed.")
        return now + dt.timedelta(seconds=state.seconds_left), None
    if action == "add":
        if status == PAUSED:
            return None, dt.timedelta(seconds=state.seconds_left, minutes=minutes)
        if status in (RUNNING, TIME):
            return now + dt.timedelta(seconds=state.seconds_left, minutes=minutes), None
        raise ClockRefused("The clock is not started.", "Start it with the round's minutes.")
    if action == "stop":
        return None, None
    raise ClockRefused(
        f"Unknown clock action {action!r}.", "Use start, pause, resume, add or stop."
    )
