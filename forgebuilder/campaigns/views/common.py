"""What the campaign pages share: the organiser-only gate and the dice players enter."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from forgebuilder.numbers import parse_whole_number

from .. import selectors, services
from ..dice import DiceError, EnteredDie, SeededDie
from ..models import Campaign
from ..steps import StepError

REFUSED = (services.CampaignError, StepError, DiceError)


def organised_campaign(request: HttpRequest, pk: int, action: str) -> Campaign:
    """The campaign for its organiser; 404 for outsiders, 403 for its other members."""
    campaign = selectors.campaign_for_member(request.user, pk)
    try:
        services.require_organiser(campaign, request.user, action)
    except services.CampaignForbidden as exc:
        raise PermissionDenied(str(exc)) from exc
    return campaign


def die_of(text: str, seed: str | None = None):
    """Blank: the server rolls (seeded, recorded); else the results players entered: `3 5 1`.

    `seed` rolls again what an earlier try rolled (a hero's skill-set pair, shown before the
    player picks one of it).
    """
    text = (text or "").replace(",", " ").strip()
    if not text:
        number = parse_whole_number(seed, max_digits=10)
        return SeededDie(number) if number is not None and number < 2**31 else SeededDie()
    try:
        return EnteredDie([_roll(v) for v in text.split()[:200]])
    except ValueError as exc:
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise DiceError(f"Dice: '{shown}' is not a list of die rolls such as 3 5 1.") from exc


def _roll(text: str) -> int:
    number = parse_whole_number(text)
    if number is None:
        raise ValueError(text)
    return number
