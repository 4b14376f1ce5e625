"""The hall's screen: what the projector page shows of an event, and a stamp of it.

The screen shows the current round's pairings twice (by table, and by player name for finding
one's table), the standings and the round clock (events/clock.py). The page asks for its
screen again every few seconds with the stamp of what it shows (events/polling.py); an
unchanged screen answers 204, so a hall's screens cost one small request each between changes.
"""

from __future__ import annotations

import datetime as dt

from . import selectors
from .clock import ClockState, clock_state
from .models import Event
from .polling import polled, stamp_of
from .presenters import standings_rows


def projector_screen(event: Event, now: dt.datetime) -> dict:
    current = selectors.current_round(event)
    games = list(selectors.games_of(current)) if current is not None else []
    by_table = [
        {
            "table": "Bye" if g.bye else g.table,
            "first": g.first.name,
            "second": g.second.name if g.second is not None else "",
            "result": f"{g.first_vp}–{g.second_vp}"
            if g.status == g.CONFIRMED and not g.bye
            else "",
        }
        for g in games
    ]
    by_name = sorted(
        (
            {"name": me.name, "table": "Bye" if g.bye else g.table,
             "opponent": them.name if them is not None else ""}
            for g in games
            for me, them in ((g.first, g.second), (g.second, g.first))
            if me is not None
        ),
        key=lambda row: row["name"].casefold(),
    )  # fmt: skip
    clock: ClockState = clock_state(current, now)
    return {
        "event": event,
        "round": current,
        "by_table": by_table,
        "by_name": by_name,
        "standings": standings_rows(event),
        "clock": clock,
    }


def framed(
    body: str, url: str, *, poll_seconds: int, page_seconds: int, now: dt.datetime
) -> tuple[str, str]:
    """The screen's drawn `body` in the element that asks for it again every `poll_seconds`
    with its stamp (events/polling.py), turning its pages every `page_seconds`; and the stamp."""
    stamp = stamp_of(body)
    attrs = {"id": "screen", "class": "screen", "data-now": now.isoformat(),
             "data-page-seconds": str(page_seconds)}  # fmt: skip
    return polled("section", body, url=url, stamp=stamp, seconds=poll_seconds, attrs=attrs), stamp
