"""Dead and disbanded campaign units stay on the list for the record, but every check and total
leaves them out: points, force organization slots, model counts, legends, command points."""

from __future__ import annotations

import pytest

from tests.armylists.rules.factories import check, codes, forge, org, sheet, total, unit

from .tables import campaign_data
from .test_campaign_checks import army, campaign_game, squad


def slots_game():
    return forge(
        datasheets={"boss": sheet(30, category="hero", name="Boss")},
        force_organizations={"patrol": org("Patrol", hero=(1, 1))},
        campaign=campaign_data(),
    )


@pytest.mark.parametrize("status", ["dead", "disbanded"])
def test_a_fallen_unit_fills_no_force_organization_slot(status):
    # one hero slot: the dead hero leaves it to the one recruited after him
    catalog = slots_game()
    fallen = unit("boss", campaign={"status": status})
    report = check(catalog, fallen, unit("boss", campaign={"recruited_after": 1}),
                   forces=[{"organization": "patrol", "faction": "home"}])  # fmt: skip
    assert codes(report) == []
    assert total(report, "points") == 30
    assert report.unit_points == {"u1": 0, "u2": 30}


def test_a_slot_still_counts_living_units():
    catalog = slots_game()
    report = check(catalog, unit("boss"), unit("boss"),
                   forces=[{"organization": "patrol", "faction": "home"}])  # fmt: skip
    assert "force-org-max" in codes(report)


def test_a_fallen_unit_is_not_missing_from_a_minimum():
    # the only hero died: the slot's minimum is not met any more
    catalog = slots_game()
    report = check(catalog, unit("boss", campaign={"status": "dead"}),
                   forces=[{"organization": "patrol", "faction": "home"}])  # fmt: skip
    assert "force-org-min" in codes(report)


def test_a_fallen_unit_is_not_checked_for_its_options():
    # the module dropped an option a dead squad had taken: the list stays legal
    gone = [{"option": "gone", "choice": "x"}]
    assert codes(army(campaign_game(), squad(status="dead") | {"options": gone})) == []
    assert codes(army(campaign_game(), squad() | {"options": gone})) == ["unknown-option"]


def test_command_points_and_unit_count_come_from_the_living_army():
    # 4 CP per 1000 points: a dead squad's 100 points do not count, nor does it count as a unit
    alive = army(campaign_game(), *[squad() for _ in range(10)])
    one_dead = army(campaign_game(), *[squad() for _ in range(9)], squad(status="dead"))
    assert (total(alive, "points"), total(one_dead, "points")) == (1000, 900)
    assert (total(alive, "units"), total(one_dead, "units")) == (10, 9)
    assert (total(alive, "command_points"), total(one_dead, "command_points")) == (4, 3)


def test_a_fallen_unit_is_still_reported_as_such():
    report = army(campaign_game(), squad(status="dead"))
    assert report.unit_points == {"u1": 0}
    assert any(fact.startswith("Dead") for fact in report.unit_facts["u1"])
