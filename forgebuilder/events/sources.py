"""Where a submitted list comes from: one of the player's own lists, or a share link."""

from __future__ import annotations

from django.http import Http404

from forgebuilder.engine.api import ListDocument
from forgebuilder.lists.api import Owner, army_lists_of, evaluated_shared_list, share_token
from forgebuilder.rosters.api import KeptRoster, roster_owned, rosters_of

from .models import Event
from .services import EventRefused


def own_lists_for(*, event: Event, user_id: int):
    """The player's lists of the event's game, to pick one to submit: their names and points
    (not their documents, read only for the one submitted)."""
    lists = _of_the_game(event, user_id).select_related(None)
    return lists.only("public_id", "name", "faction_name", "points")


def _of_the_game(event: Event, user_id: int):
    return army_lists_of(owner=Owner(user_id, "")).filter(module=event.module).order_by("name")


def own_rosters_for(*, user_id: int):
    """The player's kept foreign rosters, to pick one to submit to an event of a game not
    hosted here."""
    return rosters_of(Owner(user_id, "")).order_by("name")


def submitted_roster(*, user_id: int, roster_id: str) -> tuple[KeptRoster, str]:
    """The player's own kept roster to submit and where it came from; EventRefused says what
    to pick (another player's roster is never theirs to submit)."""
    kept = roster_owned(Owner(user_id, ""), roster_id) if roster_id else None
    if kept is None:
        raise EventRefused(
            "Pick one of your kept rosters: keep it from its builder's file on the import "
            "page first."
        )
    return kept, f"your roster {kept.row.name}"


def submitted_document(
    *, event: Event, user_id: int, list_id: str = "", share_link: str = ""
) -> tuple[ListDocument, str]:
    """The document to submit and where it came from; EventRefused says what to pick."""
    if share_link.strip():
        token = share_token(share_link)
        if token is None:
            raise EventRefused(
                "That is not a share link: paste the link the list's page gives under Share "
                "(it looks like https://…/s/abc123…/)."
            )
        try:
            evaluated = evaluated_shared_list(token=token)
        except Http404:
            raise EventRefused(
                "That share link does not open a list: it was revoked or mistyped."
            ) from None
        return evaluated.document, f"share link {token[:6]}…"
    army = _of_the_game(event, user_id).filter(public_id=list_id).first()
    if army is None:
        raise EventRefused(f"Pick one of your {event.game} lists, or paste a share link.")
    return ListDocument.model_validate(army.document), f"your list {army.name}"
