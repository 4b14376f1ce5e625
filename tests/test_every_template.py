"""Every template of the site is drawn by this one test with real data (the Ember Reach module,
a Battle Forge list with forces, legends, focus, allies and notes), under the test settings'
raising `string_if_invalid`: a variable no view sets fails here, naming template and line.

The templates not reached yet are listed, each with why; the list may only shrink (a new
template must be drawn here)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.test.signals import template_rendered
from django.urls import reverse

from factions.catalog import catalog_for
from forgebuilder.lists.data_updates import DataUpdate, PriceChange
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.services import army_list_create
from forgebuilder.lists.sharing import share_link_create

from .armylists.exports.conftest import ember_document
from .events.drawing import draw_event_pages
from .play.drawing import draw_play_pages
from .rosters.drawing import draw_roster_pages

TEMPLATES = Path(settings.BASE_DIR) / "templates"

NOT_YET = {
    # campaign pages need a campaign with players, armies and a mission: drawn by
    # tests/campaigns/test_campaign_views.py, not here yet
    "campaigns/army.html", "campaigns/detail.html", "campaigns/join.html",
    "campaigns/report.html", "campaigns/upgrades.html",
    # the Battle Forge link page and an import's unmatched units need a Battle Forge file
    "armylists/battleforge_link.html", "armylists/partials/import_unmatched.html",
}  # fmt: skip


@pytest.fixture
def drawn():
    names: set[str] = set()

    def record(sender, template, **kwargs):
        origin = getattr(template, "origin", None)
        if origin is not None and origin.name.startswith(str(TEMPLATES)):
            names.add(str(Path(origin.name).relative_to(TEMPLATES)))

    template_rendered.connect(record)
    yield names
    template_rendered.disconnect(record)


def get(client, url: str, *, status: tuple[int, ...] = (200,), **headers) -> str:
    response = client.get(url, headers=headers)
    assert response.status_code in status, (url, response.status_code)
    return response.content.decode()


def draw_printouts(army_list, share_url: str) -> None:
    """The HTML of every printout (what WeasyPrint is given): no Pango needed."""
    from forgebuilder.lists import exports
    from forgebuilder.lists.selectors import evaluated_list

    source = exports.source_from_evaluated(evaluated_list(army_list=army_list), share_url=share_url)
    a4 = exports.PAPERS["a4"]
    exports.roster_html(source, paper=a4)
    # a name the print font cannot set: that card is laid out as HTML (print/card.html)
    from forgebuilder.lists.edits import rename_unit
    from forgebuilder.lists.selectors import evaluated_document

    renamed = rename_unit(source.document, unit_id="u1", name="Brokka ⚔")
    roster, report = evaluated_document(document=renamed, catalog=source.catalog)
    exports.roster_html(exports.ExportSource(renamed, roster, report), paper=a4)
    exports.compact_html(source, paper=a4)
    exports.token_sheet_html(source, paper=a4, size=25)


def draw_password_reset(client, user) -> None:
    """The reset flow's later steps, with the token the mail would carry."""
    from django.contrib.auth.tokens import default_token_generator
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    link = reverse("accounts:password_reset_confirm", args=[uid, token])
    form = client.get(link, follow=True)  # the token moves into the session
    assert b'name="new_password1"' in form.content
    get(client, reverse("accounts:password_reset_complete"))


def draw_pdf_off(monkeypatch, client, army_list) -> None:
    """A PDF address on a server that cannot draw PDFs."""
    from forgebuilder.printing import pdf_off
    from forgebuilder.printing.availability import PdfSupport

    off = PdfSupport(False, reason="Pango cannot be loaded.", install_hint="apt install pango")
    monkeypatch.setattr(pdf_off, "pdf_support", lambda: off)
    url = reverse("armylists:roster_pdf", args=[army_list.public_id])
    assert "Pango cannot be loaded" in get(client, url, status=(503,))
    monkeypatch.undo()


def draw_admin_publish(django_user_model, module) -> None:
    """The admin's review of a module's draft (an edit waiting to be published)."""
    from django.test import Client

    from factions.services import game_module_touch

    admin = Client()
    admin.force_login(django_user_model.objects.create_superuser("keeper", password="x"))
    game_module_touch(module_id=module.pk)
    get(admin, reverse("admin:factions_gamemodule_publish", args=[module.pk]))


def draw_data_updates(army_list) -> None:
    """The editor's banner for a list on an older version, offered and kept (the views' tests
    publish versions: tests/armylists/views/test_data_update.py)."""
    update = DataUpdate(
        "Ember Reach", "1.0", "1.1", True, (PriceChange("Hearthguard", 90, 97),),
        ("Hearthguard: 90 → 97 points",), ("Hearthguard: Banner",), ("Over the limit",), 900, 907,
    )  # fmt: skip
    for pinned in (False, True):
        context = {
            "army_list": army_list, "data_update": replace(update, pinned=pinned), "oob": 1,
            "lock": None,
        }  # fmt: skip
        render_to_string("armylists/editor/data_update.html", context)


@pytest.mark.django_db
def test_every_template_is_drawn_with_real_data(
    client, django_user_model, drawn, monkeypatch, ember_reach
):
    catalog = catalog_for(ember_reach)
    user = django_user_model.objects.create_user("marshal", password="x")
    for name in ("login", "signup", "password_reset", "password_reset_done"):
        get(client, reverse(f"accounts:{name}"))
    get(client, f"{reverse('accounts:login')}?next=/campaigns/")  # the wing's words
    for wing in ("lists", "campaigns"):  # one needing an account, one not
        get(client, reverse("welcome", args=[wing]))
    draw_password_reset(client, user)
    client.force_login(user)
    army_list = army_list_create(
        owner=Owner(user.pk, ""), catalog=catalog, document=ember_document(catalog)
    )
    editor = reverse("armylists:editor", args=[army_list.public_id])
    link = share_link_create(army_list=army_list, kind="live")
    for url in (
        "/", "/games/", "/games/ember-reach/", "/games/ember-reach/cinderhold/",
        "/games/ember-reach/cinderhold/hearthguard/", "/games/ember-reach/versions/",
        "/lists/", "/lists/new/",
        "/lists/import/", editor, f"{editor}?edit=u1#unit-u1", f"{editor}table/",
        f"{editor}match/", f"{editor}manage", f"/s/{link.token}/", f"/s/{link.token}/table/",
        f"/s/{link.token}/fork", "/campaigns/",
        "/offline/", "/accounts/",
    ):  # fmt: skip
        get(client, url, status=(200, 404) if url == "/offline/" else (200,))
    get(client, reverse("armylists:roster_pdf", args=[army_list.public_id]), status=(200, 202))
    draw_pdf_off(monkeypatch, client, army_list)
    draw_admin_publish(django_user_model, ember_reach)
    draw_printouts(army_list, f"https://forgebuilder.example/s/{link.token}/")
    rival = django_user_model.objects.create_user("rival")
    draw_event_pages(client, user, army_list, rival)
    draw_play_pages(client, army_list, rival)
    draw_roster_pages(client)
    # a refused edit flashes its reason
    refused = reverse("armylists:unit_rename", args=[army_list.public_id, "u1"])
    client.post(refused, {"version": "x", "name": "n"}, headers={"HX-Request": "true"})
    draw_data_updates(army_list)
    request = RequestFactory().get("/somewhere/")
    for page in ("400.html", "403.html", "403_csrf.html", "404.html", "500.html"):
        render_to_string(page, {"request": request})
    render_to_string("429.html", {"request": request, "message": "Try again in a minute."})
    render_to_string("503.html", {"request": request, "message": "The database is restarting."})

    every = {str(p.relative_to(TEMPLATES)) for p in TEMPLATES.rglob("*.html")}
    missing = every - drawn
    assert missing - NOT_YET == set(), "templates no test draws here"
    assert NOT_YET - missing == set(), "drawn now: take them off NOT_YET"
