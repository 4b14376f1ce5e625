"""Table numbers for a round's games: the ranking's order, a game moved only to keep its
players off a table they sat at before. Plain Python: no Django, no database."""

from __future__ import annotations

from collections.abc import Iterator


def numbered_tables(played: list[frozenset[int]]) -> list[int]:
    """The table of each game, given in ranking order with the tables its players sat at:
    table 1 for the top game, and so on, moving a game only to keep a player off a table they
    already played at (where some other numbering avoids it): each game in ranking order takes
    the nearest free table neither of its players sat at, the lower one first."""
    count = len(played)
    if not any(i + 1 in played[i] for i in range(count)):
        return list(range(1, count + 1))
    at: dict[int, int] = {}  # table -> game
    unplaced = []
    for i in range(count):
        table = next((t for t in _nearest(i + 1, count) if t not in at and t not in played[i]), 0)
        if table:
            at[table] = i
        else:
            unplaced.append(i)
    # Every free table is one its players sat at: move games along to free one for it.
    unavoidable = [i for i in unplaced if not _moved_for(i, at, played, count, seen=set())]
    for i in unavoidable:  # no numbering keeps all of them off their tables
        at[next(t for t in _nearest(i + 1, count) if t not in at)] = i
    chosen = {i: table for table, i in at.items()}
    return [chosen[i] for i in range(count)]


def _nearest(table: int, count: int) -> Iterator[int]:
    """Every table from 1 to `count`, nearest to `table` first, the lower of two first."""
    yield table
    for step in range(1, count):
        yield from (t for t in (table - step, table + step) if 1 <= t <= count)


def _moved_for(
    i: int, at: dict[int, int], played: list[frozenset[int]], count: int, *, seen: set[int]
) -> bool:
    """Seat game i at a table its players did not sit at, moving the games in the way along
    (an augmenting path): True when it found one."""
    for table in _nearest(i + 1, count):
        if table in played[i] or table in seen:
            continue
        seen.add(table)
        if table not in at or _moved_for(at[table], at, played, count, seen=seen):
            at[table] = i
            return True
    return False
