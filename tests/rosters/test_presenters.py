"""A foreign roster's cards and totals, formatted from what its builder saved: plain Python over
a small roster of our own and every real one."""

from __future__ import annotations

import pytest

from forgebuilder.lists.importers.battlescribe import read_roster
from forgebuilder.rosters.presenters import roster_view
from tests.rosters.conftest import every_roster, own_counts, read
from tests.rosters.small import SMALL_ROSTER, small_roster


def test_a_unit_card_has_its_stats_first_its_weapons_rules_notes_and_costs():
    view = roster_view(small_roster())

    (force,) = view.forces
    squad, drake = force.cards
    assert (force.title, force.catalogue) == ("Patrol", "Ash Wardens")
    assert [r.name for r in force.rules] == ["Ember Oath"]
    assert (squad.title, squad.name, squad.models, squad.costs) == (
        "Blue Squad", "Warden Squad", 5, "520 pts"
    )  # fmt: skip
    stats, weapons = squad.tables
    assert (stats.type_name, stats.columns) == ("Unit", ("M", "W", "Sv"))
    assert stats.rows == (("Warden", ('6"', "2", "4+")), ("Warden Sergeant", ('6"', "3", "3+")))
    assert weapons.rows == (("Ash spear", ("Melee", "4")),)
    assert squad.chosen == ("4× Warden", "Warden Sergeant")
    assert [(r.name, r.text) for r in squad.rules] == [("Steady", "Never flees.")]
    assert (squad.categories, squad.notes) == (("Troops",), "Deploys last.")
    assert [t.type_name for t in drake.tables] == ["Unit", "Abilities"]
    assert drake.models == 1 and drake.costs == "479 pts"


def test_the_totals_stand_against_the_limits_and_the_builder_s_errors_come_first():
    view = roster_view(small_roster())

    (points,) = view.totals
    assert (points.name, points.value, points.limit, points.over) == ("pts", "999", "1000", False)
    assert view.errors == ("New Recruit marks 'Cinder Drake' as Illegal Units",)
    assert (view.units, view.models, view.notes) == (2, 6, "Bring the blue dice.")


@pytest.mark.parametrize("relative", every_roster())
def test_every_real_roster_has_a_card_for_each_of_its_units(relative):
    names, models, _points = own_counts(relative)

    view = roster_view(read(relative))

    assert [card.title for force in view.forces for card in force.cards] == names
    assert sum(card.models for force in view.forces for card in force.cards) == models


def test_builder_text_marks_are_drawn_and_nothing_else_becomes_html():
    from forgebuilder.rosters.templatetags.roster_text import marked

    assert marked("this **^^Manifestation^^** <b>x</b>\nnext") == (
        "this <strong>Manifestation</strong> &lt;b&gt;x&lt;/b&gt;<br>next"
    )
    assert marked("a lone ** mark") == "a lone  mark"


def test_a_profile_of_sentences_is_shown_as_paragraphs_and_a_stat_line_as_a_table():
    text = 'Burns everything within 6". ' * 3
    roster = read_roster(SMALL_ROSTER.replace('Burns everything within 6".', text))
    (force,) = roster_view(roster).forces
    stats, abilities = force.cards[1].tables

    assert not stats.described and abilities.described
    assert abilities.paragraphs() == (("Fire Breath", (("Description", text.strip()),)),)
