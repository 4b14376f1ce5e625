"""A unit's level progress is a fact on the engine's report (`Report.unit_progress`), measured
once by the campaign wing through the extension hook (`ListExtension.unit_progress`); the
unit card in the editor, the share page and the printed roster, and the campaign's army page
only format it. Changed in the hook, every page follows."""

from __future__ import annotations

import pytest

from forgebuilder.campaigns.extension import CampaignExtension
from forgebuilder.engine.rules.base import UnitProgress
from forgebuilder.lists.selectors import evaluated_list

from .test_level_progress_one_home import PAGES, seasoned  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db


def measured(need: int):
    """The hook measuring a unit that needs `need` XP in all for its next level."""

    def unit_progress(self, unit, catalog):
        if unit.campaign is None:
            return None
        return UnitProgress(unit.campaign.level, unit.campaign.xp, need)

    return unit_progress


def test_the_report_carries_each_campaign_units_progress(seasoned):  # noqa: F811
    _, _, army, _ = seasoned
    report = evaluated_list(army_list=army).report
    marshal = next(iter(report.unit_progress.values()))
    assert (marshal.level, marshal.xp, marshal.need) == (1, 7, 10)
    assert (marshal.missing, marshal.next_level, marshal.ready) == (3, 2, False)
    # every unit of the army is a campaign unit: each has its progress
    assert set(report.unit_progress) == set(report.unit_points)


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize(("need", "shown"), [(10, "7/10"), (12, "7/12")])
def test_every_page_formats_the_progress_the_report_carries(
    seasoned,  # noqa: F811
    monkeypatch,
    page,
    need,
    shown,
):
    monkeypatch.setattr(CampaignExtension, "unit_progress", measured(need))
    assert shown in PAGES[page](*seasoned)


def test_a_list_outside_a_campaign_has_no_progress_on_its_report(mini_module):
    from tests.armylists.test_one_home_slots_and_factions import bridge_list

    report = evaluated_list(army_list=bridge_list(mini_module)).report
    assert report.unit_progress == {}
    assert report.unit_factions == {"u1": "millford", "u2": "millford", "u3": "hollowmere"}
