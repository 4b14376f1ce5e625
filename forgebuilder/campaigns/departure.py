"""A player deletes their account: what becomes of their campaigns.

Their armies stay in each campaign's history, shown as a "former player"'s (the seat loses its
account, the army its owner and share links). A campaign they organise passes to the player who
joined it first and still has an account; with nobody left to take it, it is deleted with its
armies. `campaign_departures` says it before (the account page and the admin show it),
`campaign_departures_apply` does it, in the account deletion's transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone

from forgebuilder.armylists.models import ArmyList, ShareLink
from forgebuilder.people import run_or_joined, successor

from .models import Campaign, CampaignEvent, CampaignPlayer


@dataclass(frozen=True)
class Departures:
    kept_armies: tuple[str, ...]  # "<army> in <campaign>": stays, as a former player's army
    handed_over: tuple[tuple[str, str], ...]  # (campaign, its new organiser)
    deleted: tuple[str, ...]  # campaigns nobody else can take over


def _heir(campaign: Campaign, user) -> CampaignPlayer | None:
    return successor(
        campaign.players.all(), user, account="user", left="left_at", joined="joined_at"
    )


def _plan(campaigns, user) -> tuple[list, list, list]:
    kept, handed, deleted = [], [], []
    for campaign in campaigns:
        heir = _heir(campaign, user) if campaign.organiser_id == user.pk else None
        if campaign.organiser_id == user.pk and heir is None:
            deleted.append(campaign)
            continue
        if heir is not None:
            handed.append((campaign, heir))
        kept += [s for s in campaign.players.select_related("army") if s.user_id == user.pk]
    return kept, handed, deleted


def _campaigns_of(user, *, lock: bool):
    return run_or_joined(Campaign, user, organiser="organiser", member="players__user", lock=lock)


def campaign_departures(*, user) -> Departures:
    """What deleting `user`'s account would do to the campaigns they play in or organise."""
    kept, handed, deleted = _plan(_campaigns_of(user, lock=False), user)
    return _described(kept, handed, deleted)


def campaign_departures_apply(*, user) -> Departures:
    """Do what `campaign_departures` says; the caller holds a transaction and deletes the
    account after. Campaigns are locked first (by id), as every campaign step does."""
    campaigns = list(_campaigns_of(user, lock=True))
    kept, handed, deleted = _plan(campaigns, user)
    now = timezone.now()
    for campaign, heir in handed:
        Campaign.objects.filter(pk=campaign.pk).update(organiser=heir.user)
        CampaignEvent.objects.create(
            campaign=campaign, kind="organiser",
            lines=[f"The organiser deleted their account; {heir.name} now organises the campaign."],
        )  # fmt: skip
    for seat in kept:
        CampaignEvent.objects.create(
            campaign=seat.campaign, player=seat, kind="left",
            lines=[f"A player deleted their account; {seat.army.name} stays in the history."],
        )  # fmt: skip
        ArmyList.objects.filter(pk=seat.army_id).update(owner=None, owner_token="")
        ShareLink.objects.unrevoked().filter(army_list_id=seat.army_id).update(revoked_at=now)
    seats = CampaignPlayer.objects.filter(pk__in=[s.pk for s in kept])
    seats.filter(left_at__isnull=True).update(left_at=now)
    seats.update(user=None)
    armies = list(CampaignPlayer.objects.filter(campaign__in=deleted).values_list("army_id"))
    Campaign.objects.filter(pk__in=[c.pk for c in deleted]).delete()
    ArmyList.objects.filter(pk__in=[a for (a,) in armies]).delete()
    return _described(kept, handed, deleted)


def _described(kept, handed, deleted) -> Departures:
    return Departures(
        kept_armies=tuple(f"{s.army.name} in {s.campaign.name}" for s in kept),
        handed_over=tuple((c.name, heir.name) for c, heir in handed),
        deleted=tuple(c.name for c in deleted),
    )
