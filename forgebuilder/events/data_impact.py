"""What a module's new version would do to the events that play it, before it is published
(through forgebuilder/impacts.py): each submitted list's verdict on the data players see now
and on the new version, and how many would change."""

from __future__ import annotations

from factions.catalog import Catalog
from forgebuilder.engine.api import ListDocument, plural
from forgebuilder.impacts import Impact

from .models import Event, Submission
from .pack import pack_verdict

EXAMPLES = 3


class EventsImpact:
    key = "events"
    order = 20

    def impact(self, *, module_id: int, current: Catalog, new: Catalog) -> Impact:
        stored = Event.objects.filter(module_id=module_id).count()
        submissions = Submission.objects.filter(entrant__event__module_id=module_id).select_related(
            "entrant__event__module", "entrant__player"
        )
        changed: list[str] = []
        events: set[int] = set()
        for submission in submissions.iterator():
            event = submission.entrant.event
            document = ListDocument.model_validate(submission.document)
            before = pack_verdict(event=event, catalog=current, document=document)
            after = pack_verdict(event=event, catalog=new, document=document)
            if (before.legal, before.points) != (after.legal, after.points):
                changed.append(
                    f"{submission.entrant.name} at {event.name}: {_said(before)} → {_said(after)}"
                )
                events.add(event.pk)
        lines = []
        if changed:
            shown = "; ".join(changed[:EXAMPLES]) + ("; …" if len(changed) > EXAMPLES else "")
            lines.append(
                f"{plural(len(changed), 'submitted list')} would get another verdict ({shown})"
            )
        if stored:
            lines.append(
                "Each event keeps checking its lists against the version its pack names until "
                "its organiser moves it to the new one."
            )
        return Impact("Events", stored, len(events), tuple(lines))


def _said(verdict) -> str:
    state = "legal" if verdict.legal else "illegal"
    return f"{verdict.points:,} points, {state}"
