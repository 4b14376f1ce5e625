"""Two or three devices of one player tapping one game, online and offline, their changes
reaching the server in any order (the server's sync service, as the sync view calls it): every
tap counts exactly once, a batch sent again counts once, and what is not saved is named,
exactly. Counters count by increments; only what is set (a status on or off) keeps the later
set."""

from __future__ import annotations

import contextlib
import copy
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forgebuilder.play import services, tracker
from forgebuilder.play.models import Game

from .conftest import VECTORS

SHEET = VECTORS["sheet"]
LOST, FOCUS = "u.u1.lost", "u.u2.focus"  # Pike Square has 5 models; Focus is on or off
MODELS = 5


def start_values(state: dict) -> dict:
    state = copy.deepcopy(state)
    state["values"]["vp"] = 2  # the game: 2 victory points before the taps
    return state


def test_two_offline_taps_and_one_online_tap_all_count_and_nothing_is_said_dropped():
    """The issue's game: a phone offline taps VP +1 twice, the other phone taps +1 online;
    when the first comes back the counter is at 5 and nothing is named as dropped."""
    server = start_values(tracker.initial_state(SHEET))
    offline = server
    taps = []
    for n in range(2):
        change = tracker.add(offline, SHEET, "vp", 1, at=1000 + n, change_id=f"a{n}")
        offline = tracker.apply(offline, SHEET, change).state
        taps.append(change)
    online = tracker.add(server, SHEET, "vp", 1, at=2000, change_id="b")
    server = tracker.apply(server, SHEET, online).state  # later than both offline taps
    dropped = []
    for change in taps:
        applied = tracker.apply(server, SHEET, change)
        server, dropped = applied.state, [*dropped, *applied.dropped]
    assert server["values"]["vp"] == 5
    assert dropped == []


def test_a_set_value_keeps_the_later_set_and_names_only_what_was_dropped():
    state = tracker.initial_state(SHEET)
    later = tracker.make_change(state, {FOCUS: 1}, label="Focus on", at=2000, change_id="b")
    older = tracker.make_change(state, {FOCUS: 0, "u.u1.shock": 2}, label="Older", at=1500,
                                change_id="a")  # fmt: skip
    state = tracker.apply(state, SHEET, later).state
    applied = tracker.apply(state, SHEET, older)
    assert applied.state["values"][FOCUS] == 1  # the later set wins
    assert applied.state["values"]["u.u1.shock"] == 2  # the rest of the older change applies
    assert applied.dropped == ("Older (Juggernaut (2): Focus)",)
    whole = tracker.make_change(state, {FOCUS: 0}, label="Focus off", at=1600, change_id="c")
    assert tracker.apply(state, SHEET, whole).dropped == ("Focus off",)


def test_a_spend_counts_in_its_round_only():
    """A strategy point spent offline in round 1 does not come off round 2's pool, which
    another phone started meanwhile: it is named as dropped."""
    state = tracker.initial_state(SHEET)
    spent = tracker.spend(state, SHEET, "sp", 1, what="Hold the Line", at=1000, change_id="s")
    state = tracker.apply(state, SHEET, tracker.next_round(state, SHEET, at=900,
                                                           change_id="r")).state  # fmt: skip
    applied = tracker.apply(state, SHEET, spent)
    assert applied.state["values"]["sp.spent"] == 0
    assert applied.dropped == ("Hold the Line: 1 SP (round 1 is over)",)
    # and its undo, made in round 1 too, is dropped, the entry with it
    state = tracker.initial_state(SHEET)
    state = tracker.apply(state, SHEET, spent).state
    undo = tracker.undo(state, at=1100, change_id="u")
    state = tracker.apply(state, SHEET, tracker.next_round(state, SHEET, at=1200,
                                                           change_id="r")).state  # fmt: skip
    applied = tracker.apply(state, SHEET, undo)
    assert applied.dropped == ("Undo: Hold the Line: 1 SP (round 1 is over)",)
    assert [e["id"] for e in applied.state["undo"]] == ["r"]


def test_undo_of_a_count_takes_back_that_tap_only():
    state = start_values(tracker.initial_state(SHEET))
    mine = tracker.add(state, SHEET, "vp", 1, at=1, change_id="mine")
    state = tracker.apply(state, SHEET, mine).state
    theirs = tracker.add(state, SHEET, "vp", 3, at=2, change_id="theirs")
    undo = tracker.undo(state, at=3, change_id="undo")  # made before the other tap arrived
    state = tracker.apply(state, SHEET, theirs).state
    state = tracker.apply(state, SHEET, undo).state
    assert state["values"]["vp"] == 2 + 3


def test_a_page_cached_before_increments_undoes_a_count_by_the_value_it_replaced():
    """Such a page undoes by putting back the entry's `old` values: a count keeps them too."""
    state = start_values(tracker.initial_state(SHEET))
    tap = tracker.add(state, SHEET, "vp", 1, at=1, change_id="tap")
    state = tracker.apply(state, SHEET, tap).state
    last = state["undo"][-1]
    old_undo = tracker.make_change(state, last["old"], label="Undo", at=2, change_id="undo")
    old_undo["undoes"] = last["id"]
    state = tracker.apply(state, SHEET, old_undo).state
    assert (state["values"]["vp"], state["undo"]) == (2, [])


@pytest.fixture
def game(mini_module, players) -> Game:
    return Game.objects.create(
        player=players[0], name="Vectors", module=mini_module, document={}, sheet=SHEET,
        state=start_values(tracker.initial_state(SHEET)),
    )  # fmt: skip


class Phone:
    """A device of the player: the state the server last sent it and its changes not saved."""

    def __init__(self, state: dict):
        self.server, self.queue, self.online = copy.deepcopy(state), [], True

    def view(self) -> dict:
        state = self.server
        for change in self.queue:
            with contextlib.suppress(tracker.ChangeError):  # refused: the server will say
                state = tracker.apply(state, SHEET, change).state
        return state


class Table:
    """The phones, the server's game and what the server must have done with each change."""

    def __init__(self, game: Game, phones: int):
        self.game, self.clock = game, 1000
        self.phones = [Phone(game.state) for _ in range(phones)]
        self.arrived: set[str] = set()
        self.focus_at, self.lost, self.vp_taps, self.focus = 0, 0, 0, None

    def tap(self, phone: Phone, what: str) -> None:
        self.clock += 1
        stamp = {"at": self.clock, "change_id": f"c{self.clock}"}
        try:
            if what == "focus":
                change = tracker.toggle(phone.view(), SHEET, FOCUS, **stamp)
            else:
                change = tracker.add(phone.view(), SHEET, "vp" if what == "vp" else LOST, 1,
                                     **stamp)  # fmt: skip
        except tracker.ChangeError:
            return  # refused on the phone: never offered
        phone.queue.append(change)
        if phone.online:
            self.send(phone)

    def expected_not_saved(self, batch: list[dict]) -> list[str]:
        """What the server must name as not saved, worked out from the order changes arrive."""
        told = []
        for change in batch:
            if change["id"] in self.arrived:
                continue  # sent again: applied once, already
            self.arrived.add(change["id"])
            label = change["label"]
            if FOCUS in change.get("sets", {}):
                if change["at"] < self.focus_at:
                    told.append(f"{label}: another device changed it since.")
                else:
                    self.focus_at, self.focus = change["at"], change["sets"][FOCUS]
            elif label.startswith("Victory"):
                self.vp_taps += 1
            elif self.lost == MODELS:
                told.append(f"{label}: Pike Square (1): models lost cannot go above {MODELS}.")
            else:
                self.lost += 1
        return told

    def send(self, phone: Phone, *, answer_lost: bool = False) -> None:
        if not phone.queue:
            return
        batch = list(phone.queue)
        expected = self.expected_not_saved(batch)
        result = services.sync(game=self.game, player=self.game.player, changes=batch)
        assert Counter(result.not_saved()) == Counter(expected)
        if answer_lost:
            return  # the phone never hears back: it sends the same changes again later
        again = services.sync(game=self.game, player=self.game.player, changes=batch)
        assert (again.applied, again.not_saved()) == (0, [])  # a replay counts once
        phone.server = tracker.for_device(result.game.state)
        phone.queue = phone.queue[len(batch) :]


STEPS = st.lists(
    st.tuples(
        st.sampled_from(["vp", "vp", "lost", "focus", "offline", "online", "answer lost"]),
        st.integers(0, 2),
    ),
    max_size=24,
)


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(phones=st.integers(2, 3), steps=STEPS)
def test_every_tap_counts_once_whatever_the_order_and_what_is_dropped_is_named(game, phones, steps):
    Game.objects.filter(pk=game.pk).update(
        state=start_values(tracker.initial_state(SHEET)), version=1
    )
    table = Table(Game.objects.get(pk=game.pk), phones)
    for what, which in steps:
        phone = table.phones[which % phones]
        if what == "offline":
            phone.online = False
        elif what == "online":
            phone.online = True
            table.send(phone)
        elif what == "answer lost":
            table.send(phone, answer_lost=True)
        else:
            table.tap(phone, what)
    for phone in table.phones:  # every phone back online: every tap reaches the server
        phone.online = True
        table.send(phone)
    values = Game.objects.get(pk=game.pk).state["values"]
    assert values["vp"] == 2 + table.vp_taps
    assert values[LOST] == table.lost
    assert values[FOCUS] == (table.focus or 0)
