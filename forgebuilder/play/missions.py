"""A game played for a campaign mission: what its tracker adds (the mission's special objective
and each unit's kills, as the battle report asks them). The report's draft the game pre-fills
when it ends is the campaigns' feed (forgebuilder/campaigns/feed.py), registered with
forgebuilder/outcomes.py.
"""

from __future__ import annotations

from forgebuilder.campaigns.feed import KILLS, OBJECTIVE
from forgebuilder.campaigns.models import CampaignPlayer, Mission
from forgebuilder.campaigns.report_form import COUNTS
from forgebuilder.campaigns.services import campaign_spec, pending_mission

KILL_SHORTS = ("units", "heroes", "hero + unit")  # the fold's summary, by COUNTS


def mission_of(army_list) -> Mission | None:
    """The mission set up for this campaign army and not reported yet (None: no such mission,
    or the list is no campaign army)."""
    if army_list is None or army_list.pk is None:
        return None
    seat = CampaignPlayer.objects.filter(army=army_list, left_at__isnull=True).first()
    return pending_mission(seat) if seat is not None else None


def mission_sheet(sheet: dict, mission: Mission) -> dict:
    """The sheet with what the mission's report asks: its special objective (achieved or not)
    and, on each unit, the enemy units and heroes it killed."""
    entry = campaign_spec(mission.campaign).objectives.entries[mission.objective]
    objective = {
        "key": OBJECTIVE, "label": f"Special objective: {entry.name} (1 = achieved)",
        "short": "Obj★", "max": 1,
    }  # fmt: skip
    kills = [  # folded on each unit: counted now and then, they need not make it tall
        {
            "key": KILLS[field], "label": label, "short": short, "kind": "count",
            "color": "#5d4037", "clears": False, "fold": "Kills",
        }
        for (field, label), short in zip(COUNTS, KILL_SHORTS, strict=True)
    ]  # fmt: skip
    return {
        **sheet,
        "counters": [*sheet["counters"], objective],
        "statuses": [*sheet["statuses"], *kills],
    }
