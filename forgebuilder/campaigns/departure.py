"""A player deletes their account: what becomes of their campaigns.

Their armies stay in each campaign's history, shown as a "former player"'s (the seat loses its
account, the army its owner and share links). A campaign they organise passes to the player who
joined it first and still has an account; with nobody left to take it, it is deleted with its
armies. `campaign_departures` says it before (the account page and the admin show it),
`campaign_departures_apply` does it, in the account deletion's transaction; the app registers
them as its departure (forgebuilder/departures.py) when it starts.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone

from forgebuilder.lists.api import ArmyList, ShareLink
from forgebuilder.people import Handover, organiser_leaves, run_or_joined, successor

from .models import Campaign, CampaignEvent, CampaignPlayer


@dataclass(frozen=True)
class Departures:
    kept_armies: tuple[str, ...]  # "<army> in <campaign>": stays, as a former player's army
    handed_over: tuple[tuple[str, str], ...]  # (campaign, its new organiser)
    deleted: tuple[str, ...]  # campaigns nobody else can take over

    def lines(self) -> list[str]:
        """The account page's lines, in players' words."""
        return [
            *(f"keeps {army} in that campaign's history, shown as a former player's army "
              "(no one can change it);" for army in self.kept_armies),
            *(f"hands {campaign}, which you organise, over to {heir};"
              for campaign, heir in self.handed_over),
            *(f"deletes {campaign}, which you organise and nobody else can take over;"
              for campaign in self.deleted),
        ]  # fmt: skip

    def admin_lines(self) -> list[str]:
        return [
            *(f"kept as a former player's army: {army}" for army in self.kept_armies),
            *(f"{campaign} handed over to {heir}" for campaign, heir in self.handed_over),
            *(f"campaign deleted: {campaign}" for campaign in self.deleted),
        ]


class CampaignDeparture:
    """The campaigns' part of an account deletion (registered in forgebuilder.departures)."""

    key = "campaigns"
    lock_order = 10  # campaigns before events, in every deletion

    def preview(self, *, user) -> Departures:
        return campaign_departures(user=user)

    def apply(self, *, user) -> Departures:
        return campaign_departures_apply(user=user)

    def nothing(self) -> Departures:
        return Departures((), (), ())


def _heir(campaign: Campaign, user) -> CampaignPlayer | None:
    return successor(
        campaign.players.all(), user, account="user", left="left_at", joined="joined_at"
    )


def _plan(campaigns, user) -> tuple[list, Handover]:
    """The player's seats that stay in the history, and what becomes of the campaigns."""
    plan = organiser_leaves(campaigns, user, heir=lambda campaign: _heir(campaign, user))
    kept = [
        seat
        for campaign in plan.staying
        for seat in campaign.players.select_related("army")
        if seat.user_id == user.pk
    ]
    return kept, plan


def _campaigns_of(user, *, lock: bool):
    return run_or_joined(Campaign, user, organiser="organiser", member="players__user", lock=lock)


def campaign_departures(*, user) -> Departures:
    """What deleting `user`'s account would do to the campaigns they play in or organise."""
    kept, plan = _plan(_campaigns_of(user, lock=False), user)
    return _described(kept, plan)


def campaign_departures_apply(*, user) -> Departures:
    """Do what `campaign_departures` says; the caller holds a transaction and deletes the
    account after. Campaigns are locked first (by id), as every campaign step does."""
    campaigns = list(_campaigns_of(user, lock=True))
    kept, plan = _plan(campaigns, user)
    now = timezone.now()
    for campaign, heir in plan.handed:
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
    deleted = [c.pk for c in plan.deleted]
    armies = list(CampaignPlayer.objects.filter(campaign__in=deleted).values_list("army_id"))
    Campaign.objects.filter(pk__in=deleted).delete()
    ArmyList.objects.filter(pk__in=[a for (a,) in armies]).delete()
    return _described(kept, plan)


def _described(kept, plan: Handover) -> Departures:
    return Departures(
        kept_armies=tuple(f"{s.army.name} in {s.campaign.name}" for s in kept),
        handed_over=tuple((c.name, heir.name) for c, heir in plan.handed),
        deleted=tuple(c.name for c in plan.deleted),
    )
