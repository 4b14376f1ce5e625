"""The tracker's pure changes: the hand-worked examples (shared with the browser's tracker.js),
then the rules every change keeps: never below zero, never more spent than the round has,
undo restores exactly, and a value set on two devices keeps its later set."""

from __future__ import annotations

import copy

import pytest

from forgebuilder.play import tracker

from .conftest import VECTORS


def run_step(state, sheet, step, n):
    intent, *args = step["do"]
    stamp = {"at": 1000 + n, "change_id": f"c{n}"}
    if intent == "add":
        return tracker.add(state, sheet, args[0], args[1], **stamp)
    if intent == "toggle":
        return tracker.toggle(state, sheet, args[0], **stamp)
    if intent == "spend":
        return tracker.spend(state, sheet, args[0], args[1], what=args[2], **stamp)
    if intent == "gain":
        return tracker.gain(state, sheet, args[0], **stamp)
    if intent == "next_round":
        return tracker.next_round(state, sheet, **stamp)
    return tracker.undo(state, **stamp)


def test_the_worked_examples():
    sheet = VECTORS["sheet"]
    state = tracker.initial_state(sheet)
    assert state["values"]["up"] == 2 and state["values"]["round"] == 1
    for n, step in enumerate(VECTORS["steps"]):
        before = copy.deepcopy(state)
        if "error" in step:
            with pytest.raises(tracker.ChangeError) as error:
                change = run_step(state, sheet, step, n)
                tracker.apply(state, sheet, change)
            assert str(error.value) == step["error"], n
            assert state == before
            continue
        change = run_step(state, sheet, step, n)
        state = tracker.apply(state, sheet, change).state
        for path, value in step["values"].items():
            assert state["values"][path] == value, (n, path)
        if "label" in step:
            assert change["label"] == step["label"], n
        if "destroyed" in step:
            assert tracker.summary(state, sheet)["destroyed"] == step["destroyed"]


def test_undo_restores_every_value_exactly():
    sheet = VECTORS["sheet"]
    start = tracker.initial_state(sheet)
    state = start
    moves = [
        lambda s, n: tracker.add(s, sheet, "u.u1.lost", 2, at=n, change_id=f"a{n}"),
        lambda s, n: tracker.toggle(s, sheet, "u.u1.activated", at=n, change_id=f"b{n}"),
        lambda s, n: tracker.spend(s, sheet, "sp", 2, what="x", at=n, change_id=f"c{n}"),
        lambda s, n: tracker.next_round(s, sheet, at=n, change_id=f"d{n}"),
        lambda s, n: tracker.add(s, sheet, "vp", 3, at=n, change_id=f"e{n}"),
    ]
    for n, move in enumerate(moves, 1):
        state = tracker.apply(state, sheet, move(state, n)).state
    for n in range(len(moves)):
        state = tracker.apply(
            state, sheet, tracker.undo(state, at=100 + n, change_id=f"u{n}")
        ).state
    assert state["values"] == start["values"]
    assert state["undo"] == []
    with pytest.raises(tracker.ChangeError, match="nothing to undo"):
        tracker.undo(state, at=200, change_id="z")


def test_a_page_cached_before_counting_by_increments_sets_counters_and_the_later_set_wins():
    """Such a page sends each counter's new value: the older of two sets is dropped and named
    (tests/play/test_sync.py has the increments of today's pages)."""
    sheet = VECTORS["sheet"]
    state = tracker.initial_state(sheet)
    # the other phone set VP to 5 at t=2000; this phone, offline, set it to 3 at t=1500
    later = tracker.make_change(state, {"vp": 5}, label="VP to 5", at=2000, change_id="b")
    older = tracker.make_change(state, {"vp": 3, "u.u1.lost": 1}, label="Older", at=1500,
                                change_id="a")  # fmt: skip
    state = tracker.apply(state, sheet, later).state
    applied = tracker.apply(state, sheet, older)
    assert applied.state["values"]["vp"] == 5  # the later change wins
    assert applied.state["values"]["u.u1.lost"] == 1  # the rest of the older change applies
    assert applied.dropped == ("Older (Victory points)",)


def test_a_change_the_sheet_does_not_know_or_of_the_wrong_kind_is_refused():
    sheet = VECTORS["sheet"]
    state = tracker.initial_state(sheet)
    bad = tracker.make_change(state, {"u.nobody.lost": 1}, label="x", at=1, change_id="x")
    with pytest.raises(tracker.ChangeError, match=r"no counter called 'u\.nobody\.lost'"):
        tracker.apply(state, sheet, bad)
    text = tracker.make_change(state, {"vp": "7"}, label="x", at=1, change_id="x")
    with pytest.raises(tracker.ChangeError, match="whole number"):
        tracker.apply(state, sheet, text)
    flag = tracker.make_change(state, {"u.u1.focus": 2}, label="x", at=1, change_id="x")
    with pytest.raises(tracker.ChangeError, match="cannot go above 1"):
        tracker.apply(state, sheet, flag)
    sneaky = tracker.make_change(state, {"sp.spent": 3}, label="x", at=1, change_id="x")
    with pytest.raises(tracker.ChangeError, match="round 1 has 2; you cannot spend 3"):
        tracker.apply(state, sheet, sneaky)
