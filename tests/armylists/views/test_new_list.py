"""The new-list form: a game and faction, an optional focus, name and points limit."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.lists.models import ArmyList

from .helpers import elements, session_owner, shows

NEW = reverse("armylists:new")


def test_the_form_offers_each_faction_of_each_module(client, mini_module):
    response = client.get(NEW)

    assert response.status_code == 200
    options = {
        e.attrs.get("value")
        for e in elements(response).elements
        if e.tag == "option" and e.attrs.get("value")
    }
    factions = {f"mini-vale/{f}" for f in ("millford", "hollowmere", "free_blades", "hermit")}
    assert options >= factions | {"mini-vale/millford/watch", "mini-vale/millford/levy"}


def test_a_link_can_preselect_the_faction(client, mini_module):
    response = client.get(NEW, {"module": "mini-vale", "faction": "hollowmere"})

    selected = [
        e.attrs.get("value")
        for e in elements(response).elements
        if e.tag == "option" and "selected" in e.attrs
    ]
    assert "mini-vale/hollowmere" in selected


def test_a_new_list_belongs_to_this_browser_and_opens_in_the_editor(client, mini_module):
    owner = session_owner(client)

    response = client.post(NEW, {"faction": "mini-vale/millford", "name": "Bridge Watch"})

    army_list = ArmyList.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("armylists:editor", args=[army_list.public_id])
    assert (army_list.owner_id, army_list.owner_token) == (None, owner.token)
    assert (army_list.name, army_list.faction_name, army_list.version) == (
        "Bridge Watch",
        "Millford",
        1,
    )
    assert client.get(response["Location"]).status_code == 200


def test_a_new_list_starts_at_the_games_size_with_the_cheapest_force_organization(
    client, mini_module
):
    client.post(NEW, {"faction": "mini-vale/millford", "points_limit": ""})

    document = ArmyList.objects.get().document
    assert document["points_limit"] == 150
    assert document["forces"] == [
        {"id": "f1", "organization": "patrol", "faction": "millford", "focus": None}
    ]
    assert document["name"] == "Millford list", "an unnamed list is named after its faction"


def test_a_new_list_may_take_a_size_and_a_focus(client, mini_module):
    client.post(
        NEW,
        {
            "faction": "mini-vale/millford",
            "focus": "mini-vale/millford/watch",
            "points_limit": "300",
            "casual": "on",
        },
    )

    document = ArmyList.objects.get().document
    assert (document["focus"], document["points_limit"], document["casual"]) == (
        "watch",
        300,
        True,
    )


def test_a_signed_in_player_owns_the_new_list(client, mini_module, django_user_model):
    user = django_user_model.objects.create_user("ada", "ada@example.com", "pw-long-enough-1")
    client.force_login(user)

    client.post(NEW, {"faction": "mini-vale/millford"})

    assert ArmyList.objects.get().owner == user


@pytest.mark.parametrize(
    ("data", "field", "says"),
    [
        # a faction the module lacks
        (
            {"faction": "mini-vale/atlantis"},
            "faction",
            "Select a valid choice. mini-vale/atlantis is not one of the available choices.",
        ),
        # a module that is not loaded
        (
            {"faction": "lost-vale/millford"},
            "faction",
            "Select a valid choice. lost-vale/millford is not one of the available choices.",
        ),
        # no faction at all
        (
            {},
            "faction",
            "This field is required.",
        ),
        # a name but no faction
        ({"name": "Bridge Watch"}, "faction", "This field is required."),
        # Town Watch is Millford's focus, not Hollowmere's
        (
            {"faction": "mini-vale/hollowmere", "focus": "mini-vale/millford/watch"},
            "focus",
            "That focus belongs to another faction.",
        ),
        # a points limit below 1
        (
            {"faction": "mini-vale/millford", "points_limit": "0"},
            "points_limit",
            "Ensure this value is greater than or equal to 1.",
        ),
        # not a number
        (
            {"faction": "mini-vale/millford", "points_limit": "lots"},
            "points_limit",
            "Enter a whole number.",
        ),
    ],
    ids=[
        "unknown faction",
        "unknown module",
        "empty post",
        "no faction",
        "another faction's focus",
        "limit 0",
        "limit not a number",
    ],
)
def test_a_bad_new_list_is_refused_with_the_reason_and_creates_nothing(
    client, mini_module, data, field, says
):
    response = client.post(NEW, data)

    assert response.status_code == 400
    assert shows(response, says)
    assert response.context["form"].has_error(field)
    assert not ArmyList.objects.exists()


def test_the_new_list_form_keeps_what_was_typed_when_refused(client, mini_module):
    response = client.post(
        NEW, {"faction": "mini-vale/millford", "name": "Bridge Watch", "points_limit": "0"}
    )

    assert 'value="Bridge Watch"' in response.text


def focus_menu(response) -> list[str]:
    """The values the focus menu offers, "No focus" first ([]: no menu)."""
    field = field_of(response, "focus")
    return [e.attrs.get("value") or "" for e in elements(field).elements if e.tag == "option"]


def test_the_focus_menu_offers_only_the_chosen_factions_focuses(client, mini_module):
    millford = client.get(NEW, {"faction": "mini-vale/millford"})
    hollowmere = client.get(NEW, {"faction": "mini-vale/hollowmere"})

    assert focus_menu(millford) == ["", "mini-vale/millford/watch", "mini-vale/millford/levy"]
    assert focus_menu(hollowmere) == []  # Hollowmere has no focuses


def test_changing_the_faction_asks_htmx_for_that_factions_focus_menu(client, mini_module):
    page = client.get(NEW).content.decode()
    faction = next(e for e in elements(page).elements if e.attrs.get("id") == "id_faction")

    # the faction menu fetches the page for the new faction and swaps in its focus field
    assert faction.attrs["hx-get"] == NEW
    assert faction.attrs["hx-select"] == faction.attrs["hx-target"] == "#id_focus-field"
    fragment = client.get(NEW, {"faction": "mini-vale/millford"}, headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    assert "mini-vale/millford/levy" in focus_menu(fragment)


def test_without_javascript_another_factions_focus_is_refused_naming_the_right_ones(
    client, mini_module
):
    response = client.post(
        NEW, {"faction": "mini-vale/millford", "focus": "mini-vale/hollowmere/anything"}
    )

    assert response.status_code == 400
    assert shows(
        response, "That focus belongs to another faction. Millford may take: Town Watch, Levy."
    )
    # the menu now offers the chosen faction's focuses
    assert focus_menu(response) == ["", "mini-vale/millford/watch", "mini-vale/millford/levy"]
    assert not ArmyList.objects.exists()


def field_of(response, name: str) -> str:
    """The HTML of one field of the form (its label, input and messages)."""
    html = response.content.decode()
    start = html.index(f'id="id_{name}-field"')
    return html[start : html.index('<div class="field"', start + 1)]


def doctrine_menu(response) -> list[str]:
    field = field_of(response, "doctrine")
    return [e.attrs.get("value") or "" for e in elements(field).elements if e.tag == "option"]


def size_suggestions(response) -> list[str]:
    field = field_of(response, "points_limit")
    return [e.attrs["value"] for e in elements(field).elements if e.tag == "option"]


def test_the_doctrine_menu_offers_the_chosen_games_doctrines_but_not_the_universal_one(
    client, mini_module, dark_module
):
    response = client.get(NEW, {"faction": "mini-dark/wardens"})

    # Standing Orders is universal: every list has it, so it is not a choice
    assert doctrine_menu(response) == ["", "mini-dark/iron_vigil"]
    assert "Choose later" in field_of(response, "doctrine")


def test_a_game_without_doctrines_shows_no_doctrine_menu(client, mini_module, dark_module):
    field = field_of(client.get(NEW, {"faction": "mini-vale/millford"}), "doctrine")

    assert " hidden>" in field.split("\n", 1)[0]  # the field's box is hidden
    assert 'type="hidden"' in field and "<select" not in field


def test_a_new_list_may_take_a_doctrine(client, dark_module):
    client.post(NEW, {"faction": "mini-dark/wardens", "doctrine": "mini-dark/iron_vigil"})

    assert ArmyList.objects.get().document["doctrine"] == "iron_vigil"


@pytest.mark.parametrize(
    "doctrine, says",
    [
        # the universal doctrine is always in force, not chosen
        ("mini-dark/standing_orders", "It offers: Iron Vigil."),
        # a doctrine the game lacks
        ("mini-dark/blood_and_ash", "It offers: Iron Vigil."),
        # another game's doctrine, sent without JavaScript after changing the game
        ("ashen-stars/iron_vigil", "That doctrine is not one of Mini Dark's."),
    ],
    ids=["universal", "unknown", "another game's"],
)
def test_a_doctrine_the_game_does_not_offer_is_refused_naming_the_right_ones(
    client, dark_module, doctrine, says
):
    response = client.post(NEW, {"faction": "mini-dark/wardens", "doctrine": doctrine})

    assert response.status_code == 400
    assert shows(response, says)
    assert response.context["form"].has_error("doctrine")
    assert doctrine_menu(response) == ["", "mini-dark/iron_vigil"]
    assert not ArmyList.objects.exists()


def test_a_doctrine_for_a_game_without_doctrines_is_refused(client, mini_module, dark_module):
    response = client.post(
        NEW, {"faction": "mini-vale/millford", "doctrine": "mini-dark/iron_vigil"}
    )

    assert response.status_code == 400
    assert shows(response, "Mini Vale has no doctrines to choose: leave the doctrine empty.")
    assert not ArmyList.objects.exists()


def test_the_points_limit_suggests_the_chosen_games_common_sizes(client, mini_module, dark_module):
    vale = client.get(NEW, {"faction": "mini-vale/millford"})
    dark = client.get(NEW, {"faction": "mini-dark/wardens"})

    # half, standard, one and a half and twice the game's standard size (150 and 1000)
    assert size_suggestions(vale) == ["75", "150", "225", "300"]
    assert size_suggestions(dark) == ["500", "1000", "1500", "2000"]
    assert "Standard size: 1000 pts" in field_of(dark, "points_limit")
    assert 'list="id_points_limit-sizes"' in field_of(dark, "points_limit")


def test_changing_the_game_swaps_the_doctrine_menu_and_sizes_but_not_the_size_field(
    client, mini_module, dark_module
):
    page = client.get(NEW).content.decode()
    faction = next(e for e in elements(page).elements if e.attrs.get("id") == "id_faction")
    # the size field is not among the swapped parts: a size typed meanwhile stays
    assert faction.attrs["hx-select-oob"] == (
        "#id_doctrine-field,#id_points_limit-sizes,#id_points_limit-standard"
    )
    assert faction.attrs["hx-include"] == "#id_doctrine"

    # what htmx asks for after the player picked the Mini Dark faction
    fragment = client.get(
        NEW, {"faction": "mini-dark/wardens", "doctrine": ""}, headers={"HX-Request": "true"}
    )

    assert doctrine_menu(fragment) == ["", "mini-dark/iron_vigil"]
    assert size_suggestions(fragment) == ["500", "1000", "1500", "2000"]
    assert 'id="id_points_limit-standard">Standard size: 1000 pts<' in fragment.text


def test_a_faction_without_focuses_shows_no_focus_menu(client, mini_module, dark_module):
    wardens = field_of(client.get(NEW, {"faction": "mini-dark/wardens"}), "focus")
    millford = field_of(client.get(NEW, {"faction": "mini-vale/millford"}), "focus")

    # the box stays, hidden, so that choosing a faction with focuses swaps its menu in
    assert " hidden>" in wardens.split("\n", 1)[0]
    assert "<select" not in wardens and "Focus (optional)" in wardens
    assert " hidden>" not in millford.split("\n", 1)[0] and "<select" in millford
