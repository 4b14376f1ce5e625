"""Reports a correction replaced, kept before the copy named the report it was, name it now.

A correction that amends a report rewrites it in its place and keeps a copy of it as it was,
voided by the correction. Since the history pages show a copy beside the report it replaced,
the copy's data names that report (`kept_of`, see history_page.py); copies kept before then do
not, and showed as a mission reported twice. Each such copy is found by what the correction did:
a voided report of a player and a mission made after a report of the same player and mission
that was still standing then (not a copy itself, not voided by a correction made before it). It
is the copy of the latest such report.
"""

from django.db import migrations

KEPT_OF = "kept_of"  # as history_page.KEPT_OF: a migration keeps the name it wrote


def originals(reports: list[tuple[int, int | None, int | None, dict]]) -> dict[int, int]:
    """Of one player's reports of one mission (pk, voided_by pk, kept_of or None, data), in the
    order they were made: each copy without `kept_of` -> the report it is a copy of."""
    found: dict[int, int] = {}
    copies = {pk for pk, _voided, kept, _data in reports if kept is not None}
    for at, (pk, voided_by, kept, _data) in enumerate(reports):
        if kept is not None or voided_by is None or voided_by < pk:
            continue
        standing = [
            earlier
            for earlier, earlier_voided, _k, _d in reports[:at]
            if earlier not in copies and (earlier_voided is None or earlier_voided > pk)
        ]
        if standing:
            found[pk] = standing[-1]
            copies.add(pk)
    return found


def name_kept_reports(apps, schema_editor):
    event_model = apps.get_model("campaigns", "CampaignEvent")
    reports: dict[tuple[int, int], list] = {}
    rows = event_model.objects.filter(kind="mission-report", player__isnull=False).order_by("pk")
    for pk, player, mission, voided_by, data in rows.values_list(
        "pk", "player_id", "mission", "voided_by_id", "data"
    ):
        data = data if isinstance(data, dict) else {}
        reports.setdefault((player, mission), []).append((pk, voided_by, data.get(KEPT_OF), data))
    for group in reports.values():
        data_of = {pk: data for pk, _v, _k, data in group}
        for copy, original in originals(group).items():
            event_model.objects.filter(pk=copy).update(data={**data_of[copy], KEPT_OF: original})


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0007_campaign_data_version")]

    operations = [migrations.RunPython(name_kept_reports, migrations.RunPython.noop)]
