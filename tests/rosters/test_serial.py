"""A foreign roster is stored as JSON and read back equal, for every real roster; stored JSON
that is not of that shape is refused by name, never half read. Plain Python."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forgebuilder.rosters.serial import StoredRosterError, roster_from_json, roster_to_json
from tests.rosters.conftest import every_roster, read


@pytest.mark.parametrize("relative", every_roster())
def test_every_real_roster_comes_back_from_its_stored_json_equal(relative):
    roster = read(relative)

    stored = json.loads(json.dumps(roster_to_json(roster)))  # as the database gives it back

    assert roster_from_json(stored) == roster


def _paths(data, path=()):
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, (*path, i))


def _replaced(data, path, value):
    if not path:
        return value
    copy = list(data) if isinstance(data, list) else dict(data)
    copy[path[0]] = _replaced(data[path[0]], path[1:], value)
    return copy


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_stored_json_damaged_anywhere_is_refused_or_read_whole(data):
    """A row edited by hand: any one value replaced by another type is refused with a
    StoredRosterError, or (where the new value fits) read into a whole roster."""
    first = every_roster()[0].values[0]
    if first is None:
        pytest.skip("no real roster to damage")
    stored = roster_to_json(read(first))
    paths = list(_paths(stored))
    path = data.draw(st.sampled_from(paths))
    value = data.draw(st.sampled_from([None, 3, "x", [], {}, ["a", "b"], 1.5]))

    try:
        read_back = roster_from_json(_replaced(stored, path, value))
    except StoredRosterError:
        return
    assert roster_from_json(roster_to_json(read_back)) == read_back
