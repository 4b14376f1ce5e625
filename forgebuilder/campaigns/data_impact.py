"""What a module's new version would do to the campaigns that play it, before it is published
(through forgebuilder/impacts.py): how many armies it would reprice, each army evaluated on
the data players see now and on the new version."""

from __future__ import annotations

from factions.catalog import Catalog
from forgebuilder.engine.api import ListDocument, plural
from forgebuilder.impacts import Impact
from forgebuilder.lists.api import evaluated_document

from .models import Campaign, CampaignPlayer

EXAMPLES = 3


class CampaignsImpact:
    key = "campaigns"
    order = 30

    def impact(self, *, module_id: int, current: Catalog, new: Catalog) -> Impact:
        stored = Campaign.objects.filter(module_id=module_id, closed_at__isnull=True).count()
        seats = CampaignPlayer.objects.filter(
            campaign__module_id=module_id, campaign__closed_at__isnull=True, left_at__isnull=True
        ).select_related("campaign", "army", "user")
        changed: list[str] = []
        campaigns: set[int] = set()
        for seat in seats.iterator():
            document = ListDocument.model_validate(seat.army.document)
            before, _ = evaluated_document(document=document, catalog=current)
            after, _ = evaluated_document(document=document, catalog=new)
            if before.points != after.points:
                changed.append(
                    f"{seat.name}'s army in {seat.campaign.name}: "
                    f"{before.points:,} → {after.points:,} points"
                )
                campaigns.add(seat.campaign_id)
        lines = []
        if changed:
            shown = "; ".join(changed[:EXAMPLES]) + ("; …" if len(changed) > EXAMPLES else "")
            lines.append(f"{plural(len(changed), 'army', 'armies')} would change price ({shown})")
        if stored:
            lines.append(
                "Each campaign's armies keep the version they were built on until its organiser "
                "moves the campaign to the new one."
            )
        return Impact("Campaigns", stored, len(campaigns), tuple(lines))
