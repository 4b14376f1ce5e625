"""The ashen-stars campaign section as plain data, for tests that change one number or table."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

import yaml

from factions.gamedata.campaign_schema import CampaignSpec
from tests.conftest import REPO

ASHEN = REPO / "factions" / "game_modules" / "ashen-stars" / "module.yaml"


@cache
def _ashen_campaign() -> dict[str, Any]:
    return yaml.safe_load(ASHEN.read_text(encoding="utf-8"))["campaign"]


def campaign_data(**changes: dict[str, Any]) -> dict[str, Any]:
    """The seed's campaign section; `changes={"costs": {"per_level": 30}}` overrides numbers."""
    data = copy.deepcopy(_ashen_campaign())
    for section, values in changes.items():
        if isinstance(values, dict) and isinstance(data.get(section), dict):
            data[section].update(values)
        else:
            data[section] = values
    return data


def campaign_spec(**changes: dict[str, Any]) -> CampaignSpec:
    return CampaignSpec.model_validate(campaign_data(**changes))
