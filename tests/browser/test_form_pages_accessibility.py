"""axe-core finds no serious or critical accessibility problem on any page with a form, in the
light and the dark theme (both checked on one visit): each page of FORM_PAGES is opened as the
player who uses it, and its declared template must be the one drawn.
tests/test_form_pages_listed.py fails when a template with a <form> is on no listed page (a new
form page: list it here)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.test import Client
from django.test.signals import template_rendered
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from factions.models import GameModule
from forgebuilder.campaigns import services as campaigns
from forgebuilder.campaigns.dice import SeededDie
from forgebuilder.events import services as events
from forgebuilder.events.models import Event
from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.lists.sharing import share_link_create
from forgebuilder.play import services as play
from tests.campaigns.conftest import make_army

from .axe import axe_problems_in_both_schemes


@dataclass
class World:
    """What the pages show: a player (ana) with a list, a campaign she organises with ben's
    army and a mission set up, an event she organises with a round paired; cy is outside."""

    users: dict
    army_list: object
    share_token: str
    campaign: object
    seats: dict
    event: Event
    games: dict  # ana's game in play (its tracker), ben's to link to it


@dataclass(frozen=True)
class FormPage:
    template: str  # the page's own template (under templates/)
    who: str | None  # the user who opens it, or None: a visitor
    url: Callable[[World], str]


FORM_PAGES = {
    "log in": FormPage("accounts/login.html", None, lambda w: reverse("accounts:login")),
    "sign up": FormPage("accounts/signup.html", None, lambda w: reverse("accounts:signup")),
    "password reset": FormPage(
        "accounts/password_reset.html", None, lambda w: reverse("accounts:password_reset")
    ),
    "new password": FormPage(
        "accounts/password_reset_confirm.html", None, lambda w: reset_link(w.users["cy"])
    ),
    "account and deletion": FormPage(
        "accounts/account.html", "ana", lambda w: reverse("accounts:account")
    ),
    "my lists": FormPage("armylists/my_lists.html", "ana", lambda w: reverse("armylists:my_lists")),
    "manage a list": FormPage(
        "armylists/manage.html", "ana", lambda w: f"/lists/{w.army_list.public_id}/manage"
    ),
    "new list": FormPage("armylists/new.html", "ana", lambda w: reverse("armylists:new")),
    "import": FormPage("armylists/import.html", "ana", lambda w: reverse("armylists:import")),
    "editor": FormPage(
        "armylists/editor.html", "ana", lambda w: f"/lists/{w.army_list.public_id}/"
    ),
    "match check": FormPage(
        "armylists/match.html", "ana", lambda w: f"/lists/{w.army_list.public_id}/match/"
    ),
    "share page": FormPage("armylists/shared.html", None, lambda w: f"/s/{w.share_token}/"),
    "copy a shared list": FormPage(
        "armylists/fork.html", None, lambda w: f"/s/{w.share_token}/fork"
    ),
    "campaigns": FormPage("campaigns/list.html", "ana", lambda w: reverse("campaigns:list")),
    "join a campaign": FormPage(
        "campaigns/join.html",
        "cy",
        lambda w: reverse("campaigns:join", args=[w.campaign.invite_token]),
    ),
    "campaign": FormPage(
        "campaigns/detail.html", "ana", lambda w: reverse("campaigns:detail", args=[w.campaign.pk])
    ),
    "campaign army": FormPage(
        "campaigns/army.html",
        "ben",
        lambda w: reverse("campaigns:army", args=[w.campaign.pk, w.seats["ben"].pk]),
    ),
    "upgrades": FormPage(
        "campaigns/upgrades.html",
        "ben",
        lambda w: reverse("campaigns:upgrades", args=[w.campaign.pk, w.seats["ben"].pk]),
    ),
    "report form": FormPage(
        "campaigns/report.html",
        "ana",
        lambda w: reverse("campaigns:report", args=[w.campaign.pk, 1]),
    ),
    "new event": FormPage("events/new.html", "ana", lambda w: reverse("events:new")),
    "event with its pairings": FormPage(
        "events/detail.html", "ben", lambda w: reverse("events:detail", args=[w.event.public_id])
    ),
    # a game's row of the pairings, drawn by the event page's board (events/board.py)
    "a pairing with its result form": FormPage(
        "events/_pairing.html", "ben", lambda w: reverse("events:detail", args=[w.event.public_id])
    ),
    # what the player needs now, at the top of the event page (events/now.py)
    "a player's game now, with its result form": FormPage(
        "events/_now.html", "ben", lambda w: reverse("events:detail", args=[w.event.public_id])
    ),
    # the round and standings that keep themselves current, as the organiser sees them
    # (events/board_part.py: its forms pair the next round and swap players)
    "the organiser's board of the event page": FormPage(
        "events/_board.html", "ana", lambda w: reverse("events:detail", args=[w.event.public_id])
    ),
    "event desk": FormPage(
        "events/desk.html", "ana", lambda w: reverse("events:desk", args=[w.event.public_id])
    ),
    "table view": FormPage(
        "armylists/table.html", "ana", lambda w: f"/lists/{w.army_list.public_id}/table/"
    ),
    "game tracker": FormPage(
        "play/tracker.html", "ana", lambda w: reverse("play:tracker", args=[w.games["ana"]])
    ),
    "link to a game": FormPage(
        "play/link.html", "ben", lambda w: reverse("play:link", args=[w.games["ana_code"]])
    ),
    "foreign roster": FormPage("rosters/roster.html", "ana", lambda w: foreign_roster(w)),
    "publish a module's draft": FormPage(
        "admin/factions/gamemodule/publish.html", "keeper", lambda w: draft_to_publish()
    ),
}


def draft_to_publish() -> str:
    """The admin's review page of a module with an edit waiting to be published."""
    from factions.services import game_module_touch

    module = GameModule.objects.get(slug="ashen-stars")
    game_module_touch(module_id=module.pk)
    return reverse("admin:factions_gamemodule_publish", args=[module.pk])


def foreign_roster(world: World) -> str:
    """Ana's foreign roster (a small one of our own, tests/rosters/small.py), shared."""
    from forgebuilder.lists.ownership import Owner
    from forgebuilder.rosters.services import roster_keep, roster_share
    from tests.rosters.small import small_roster

    owner = Owner(world.users["ana"].pk, "")
    row = roster_keep(owner=owner, roster=small_roster())
    roster_share(owner=owner, public_id=row.public_id)
    return reverse("rosters:roster", args=[row.public_id])


def reset_link(user) -> str:
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return reverse(
        "accounts:password_reset_confirm", args=[uid, default_token_generator.make_token(user)]
    )


def make_world() -> World:
    model = get_user_model()
    users = {
        n: model.objects.create_user(n, f"{n}@example.com", "pw-123456789")
        for n in ("ana", "ben", "cy")
    }
    users["keeper"] = model.objects.create_superuser("keeper", "keeper@example.com", "pw-12345678")
    ashen = GameModule.objects.get(slug="ashen-stars")
    ana, ben = users["ana"], users["ben"]
    army_list = make_army(ashen, ana, "cinder_compact", "lantern_marshal", "lightbearer_squad")
    campaign = campaigns.campaign_create(organiser=ana, module=ashen, name="Ashfall")
    seats = {
        "ana": campaigns.campaign_join(campaign=campaign, user=ana, army_list=army_list),
        "ben": campaigns.campaign_join(
            campaign=campaign,
            user=ben,
            army_list=make_army(ashen, ben, "gutterfleet", "corsair_captain", "deckhand_mob"),
        ),
    }
    campaigns.mission_setup(campaign=campaign, players=list(seats.values()), die=SeededDie(1))
    own = make_army(ashen, ana, "gutterfleet", "corsair_captain", name="Corsairs")
    return World(
        users, own, share_link_create(army_list=own, kind="live").token, campaign, seats,
        _event(ashen, ana, [ben, users["cy"]]), _games(own, ben),
    )  # fmt: skip


def _games(army_list, opponent) -> dict:
    """Ana's game with her list, and one of ben's in play, ready to be linked to hers."""
    ana_game = play.start_game(
        player=army_list.owner, evaluated=evaluated_list(army_list=army_list)
    )
    play.start_game(player=opponent, evaluated=evaluated_list(army_list=army_list))
    return {"ana": ana_game.public_id, "ana_code": ana_game.link_code}


def _event(module, organiser, players) -> Event:
    event = Event.objects.create(
        organiser=organiser, name="Ember Cup", starts_on=dt.date(2026, 12, 5), module=module,
        points_limit=1000, list_deadline=timezone.now() + dt.timedelta(days=1), rounds=3,
        tiebreakers=["points", "sos", "vp_diff"],
    )  # fmt: skip
    for player in players:
        entrant = events.entrant_register(event=event, player=player)
        events.entrant_check_in(event=event, entrant=entrant)
    events.round_pair(event=event)
    return event


def signed_in(context, base: str, user) -> None:
    client = Client()
    client.force_login(user)
    session = client.cookies["sessionid"].value
    context.add_cookies([{"name": "sessionid", "value": session, "url": base}])


@pytest.fixture(scope="module")
def window(browser):
    """One window for every page of this module: each test starts it without cookies and
    leaves it without stored data. A page loaded where another was has axe's script at hand
    (tests/browser/axe.py); a window for each test cost the browser 0.2 s more CPU a page."""
    context = browser.new_context(bypass_csp=True)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("name", list(FORM_PAGES))
@pytest.mark.django_db(transaction=True)
def test_every_form_page_has_no_serious_accessibility_problems(
    live_server, window, starter_modules, name
):
    form_page = FORM_PAGES[name]
    world = make_world()
    drawn: list[str] = []
    record = lambda sender, template, context, **kw: drawn.append(template.name)  # noqa: E731
    template_rendered.connect(record)
    page = window
    page.context.clear_cookies()
    try:
        if form_page.who:
            signed_in(page.context, live_server.url, world.users[form_page.who])
        answer = page.goto(live_server.url + form_page.url(world))
        assert answer is not None and answer.status == 200, (name, answer and answer.status)
        assert page.locator("form").count() > 0
        problems = axe_problems_in_both_schemes(page)
    finally:
        page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        template_rendered.disconnect(record)

    assert form_page.template in drawn, f"{name} drew {drawn[:5]}, not {form_page.template}"
    assert problems == {"light": [], "dark": []}
