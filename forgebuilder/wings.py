"""What each wing of the app does, in players' words: the one home of the front page's cards,
the menu's entries before logging in and each wing's welcome page (which offers sign-up where
the wing needs an account, instead of a bare login page)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Wing:
    slug: str
    menu: str  # the menu's word for it, the same before and after logging in
    title: str
    what: str  # one sentence: what a player does there
    steps: tuple[str, ...]  # how it goes, for the welcome page
    url_name: str  # the wing's own page
    path: str  # where its pages live (a login asked for there names the wing)
    needs_account: bool


WINGS: tuple[Wing, ...] = (
    Wing(
        slug="lists",
        menu="New list",
        title="Build and check a list",
        what="Pick a game and a faction, add units, and see at once whether the list is legal "
        "and what it costs.",
        steps=(
            "No account needed: your lists stay in this browser.",
            "Print a roster, a compact roster or a token sheet, and share a list with one link.",
            "Sign up to keep your lists on every device.",
        ),
        url_name="armylists:new",
        path="/lists/",
        needs_account=False,
    ),
    Wing(
        slug="campaigns",
        menu="Campaigns",
        title="Run a campaign",
        what="Play a series of games with friends: armies gain experience, take scars and "
        "level up from mission to mission.",
        steps=(
            "One player organises the campaign and invites the others with a link.",
            "Each player brings a list; after each mission, report who won and what happened.",
            "Armies and their history stay with the campaign.",
        ),
        url_name="campaigns:list",
        path="/campaigns/",
        needs_account=True,
    ),
    Wing(
        slug="events",
        menu="Events",
        title="Organise or join an event",
        what="Run a tournament day: players register and hand in their lists, rounds are "
        "paired and results add up to standings.",
        steps=(
            "The organiser creates the event and shares its page.",
            "Players register and submit a list; the organiser checks them at the desk.",
            "Rounds are paired and the standings follow the results.",
        ),
        url_name="events:list",
        path="/events/",
        needs_account=True,
    ),
    Wing(
        slug="play",
        menu="Games",
        title="Play at the table",
        what="Track a game as you play it: rounds, victory points, and the models each unit "
        "has lost, on your phone beside the table.",
        steps=(
            "Start a game from one of your lists or from a list shared with you.",
            "Tap to count rounds, points and losses; it keeps working without a connection.",
            "When the game ends, the result is kept with your games.",
        ),
        url_name="play:games",
        path="/play/",
        needs_account=True,
    ),
)

BY_SLUG = {wing.slug: wing for wing in WINGS}


def wing_for_path(path: str) -> Wing | None:
    """The wing a page of this site belongs to (the one a login was asked for), or None."""
    return next((wing for wing in WINGS if path.startswith(wing.path)), None)
