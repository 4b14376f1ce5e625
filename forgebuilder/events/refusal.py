"""The refusal of an event step (its own module: the services and the results raise it)."""

from __future__ import annotations

from forgebuilder.refusals import Refused


class EventRefused(Refused):
    """A step the event's state or the user's role does not allow, in players' words."""

    code = "event-step-refused"
