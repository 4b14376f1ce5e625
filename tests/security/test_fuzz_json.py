"""Every JSON the app accepts goes through one hostile-input check (issue 39, finding 4): a NUL,
half of a UTF-16 pair (a lone surrogate), a key holding one, NaN or an infinite number, or
arrays nested past the limit, put at any path of a real body, is refused with a 400 whose
message names that path, and nothing is written. Before the check, a NUL or a lone surrogate
in a tracker's sync reached PostgreSQL's jsonb and answered 500, so these properties matter
most in the PostgreSQL pass (they use the database, so it runs them). The endpoints: the
tracker's sync, the list API (validate, match) and the import page (a forgebuilder list, a
Battle Forge app list as JSON and as a share link)."""

from __future__ import annotations

import base64
import copy
import json
from html import unescape

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forgebuilder.lists.models import ArmyList
from forgebuilder.play import tracker
from forgebuilder.play.models import Game
from tests.armylists.importers.conftest import app_list
from tests.play.conftest import VECTORS, users_named

FUZZ = settings(
    max_examples=15,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


#: What no database stores (jsonb refuses NUL, lone surrogates, NaN and infinities) or the
#: check refuses (nesting past 32), each put at one path of a real body.
HOSTILE = st.sampled_from(
    ["a\x00b", "\x00", "x\ud800", "\udfff", {"k\x00": 1}, {"\ud83d": 1}, float("nan"),
     float("inf"), float("-inf"), nested(40)]
)  # fmt: skip


def paths(data, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value inside `data` (the whole body itself left out)."""
    found = []
    items = data.items() if isinstance(data, dict) else enumerate(data)
    for key, value in items:
        found.append((*prefix, key))
        if isinstance(value, dict | list):
            found.extend(paths(value, (*prefix, key)))
    return found


def path_text(parts: tuple) -> str:
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


@st.composite
def injected(draw, base):
    """(`base` with one hostile value at a random path, as JSON text; that path)."""
    data = copy.deepcopy(base)
    where = draw(st.sampled_from(paths(base)))
    node = data
    for part in where[:-1]:
        node = node[part]
    node[where[-1]] = copy.deepcopy(draw(HOSTILE))
    return json.dumps(data, ensure_ascii=True), path_text(where)


def names(reported: str, path: str) -> bool:
    """The path reported is where the hostile value was put (or inside it, for nesting)."""
    return reported == path or reported.startswith((path + "[", path + "."))


@pytest.fixture
def game(mini_module, client):
    """A game of the tracker's worked examples, its player signed in."""
    player = users_named("ada")[0]
    client.force_login(player)
    return Game.objects.create(
        player=player, name="Vectors", module=mini_module, document={},
        sheet=VECTORS["sheet"], state=tracker.initial_state(VECTORS["sheet"]),
    )  # fmt: skip


def sync_body() -> dict:
    """What a phone sends: a count, a status set and an undo, and its clock."""
    sheet, state = VECTORS["sheet"], tracker.initial_state(VECTORS["sheet"])
    vp = tracker.add(state, sheet, "vp", 1, at=1_700_000_000_000, change_id="a1")
    state = tracker.apply(state, sheet, vp).state
    focus = tracker.toggle(state, sheet, "u.u2.focus", at=1_700_000_000_001, change_id="a2")
    state = tracker.apply(state, sheet, focus).state
    undo = tracker.undo(state, at=1_700_000_000_002, change_id="a3")
    return {"changes": [vp, focus, undo], "sent": 1_700_000_000_003}


def test_a_tracker_sync_with_a_hostile_value_anywhere_is_refused_naming_it(client, game):
    url = reverse("play:sync", args=[game.public_id])

    @FUZZ
    @given(case=injected(sync_body()))
    def check(case):
        body, path = case
        response = client.post(url, body, content_type="application/json")
        assert response.status_code == 400, (path, response.content[:300])
        answer = response.json()
        assert names(answer["path"], path) and answer["path"] in answer["error"], (path, answer)
        if path.startswith("changes["):  # the phone drops that change and sends the others
            assert answer["refused_change"] == int(path[len("changes[") :].split("]")[0])
        stored = Game.objects.get(pk=game.pk)
        assert (stored.version, stored.state["values"]["vp"]) == (1, 0)  # nothing applied

    check()


def test_the_list_api_refuses_a_hostile_value_anywhere_naming_it(client, mini_module, mini_list):
    @FUZZ
    @given(case=injected(mini_list), match=st.booleans())
    def check(case, match):
        body, path = case
        url = reverse("armylists:api_match" if match else "armylists:api_validate")
        if match:  # the list sent second of a match
            body, path = f'{{"lists": [{json.dumps(mini_list)}, {body}]}}', f"lists[1].{path}"
        response = client.post(url, body, content_type="application/json")
        assert response.status_code == 400, (path, response.content[:300])
        errors = response.json()["errors"]
        assert any(names(e["path"], path) for e in errors), (path, response.json())
        assert all(e["code"] and e["hint"] for e in errors), errors

    check()


@pytest.fixture(autouse=True)
def _no_import_limit(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "import": (10**6, 3600)}


def imported_refused(client, body: str, path: str) -> None:
    response = client.post(reverse("armylists:import"), {"document": body})
    assert response.status_code in (200, 400), (path, response.status_code)
    page = unescape(response.content.decode())
    shown = page.split("<code>")[1:]
    assert any(names(p.split("</code>")[0], path) for p in shown), (path, page[-3000:])
    assert not ArmyList.objects.exists()


def test_an_imported_forgebuilder_list_with_a_hostile_value_is_refused_naming_it(
    client, mini_module, mini_list
):
    @FUZZ
    @given(case=injected(mini_list))
    def check(case):
        imported_refused(client, *case)

    check()


def test_an_imported_battle_forge_list_with_a_hostile_value_is_refused_naming_it(
    client, import_bf_module
):
    import_bf_module("fantasy-realms")
    base = app_list("fantasy_realms_vampires.json")

    @FUZZ
    @given(case=injected(base), as_link=st.booleans())
    def check(case, as_link):
        body, path = case
        if as_link:
            body = "https://app.example/#/lists?share=" + base64.b64encode(body.encode()).decode()
        imported_refused(client, body, path)

    check()
