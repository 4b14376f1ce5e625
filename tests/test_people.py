"""The one plan for an organiser who leaves (forgebuilder/people.py `organiser_leaves`), which
the campaigns' and the events' departures both follow: what they run passes to its heir or,
with nobody to take it, is deleted; what they only play in stays."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from forgebuilder.people import organiser_leaves

LEAVER = SimpleNamespace(pk=7)
ROWS = st.lists(
    st.tuples(st.booleans(), st.one_of(st.none(), st.sampled_from(["ann", "bob"]))), max_size=9
)


@settings(max_examples=40, deadline=None)
@given(rows=ROWS)
def test_what_they_run_is_handed_on_or_deleted_and_the_rest_stays(rows):
    things = [
        SimpleNamespace(name=f"thing {n}", organiser_id=7 if runs else 3, heir=heir)
        for n, (runs, heir) in enumerate(rows)
    ]

    plan = organiser_leaves(things, LEAVER, heir=lambda thing: thing.heir)

    ran = [t for t in things if t.organiser_id == 7]
    assert list(plan.deleted) == [t for t in ran if t.heir is None]
    assert list(plan.handed) == [(t, t.heir) for t in ran if t.heir is not None]
    assert list(plan.staying) == [t for t in things if t not in plan.deleted]
    assert set(map(id, plan.staying)).isdisjoint(map(id, plan.deleted))


def test_the_heir_is_only_asked_of_what_they_run():
    asked = []
    played = SimpleNamespace(organiser_id=3)
    run = SimpleNamespace(organiser_id=7)

    organiser_leaves([played, run], LEAVER, heir=lambda thing: asked.append(thing))

    assert asked == [run]
