"""Fuzzing the import page with hostile documents of every format it reads (issue 23): a
forgebuilder list, a Battle Forge app list (JSON and share link) and the text export, with
values of the wrong JSON type, NUL, half characters, huge numbers and counts past every limit.
No answer is a 500, a refused import creates nothing, and every stored list is a valid document.
Bounded and derandomized for CI; runs on SQLite and in the PostgreSQL pass."""

from __future__ import annotations

import base64
import copy
import json

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.lists.models import ArmyList
from tests.armylists.importers.conftest import app_list

FUZZ = settings(
    max_examples=30,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

#: Values of every JSON type, and strings no database stores.
HOSTILE = st.sampled_from(
    [5, -1, 10**40, 1.5, float("inf"), True, None, [], {}, [5], {"x": 1}, "", "²", "٣",
     "9" * 5000, "a\x00", "\ud800", "x" * 5000, [[9] * 50]]
)  # fmt: skip


@st.composite
def mutated(draw, base):
    """`base` with up to three values anywhere in it replaced by hostile ones."""
    data = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(1, 3))):
        node, target = data, None
        for _depth in range(6):
            keys = list(node.keys()) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = draw(st.sampled_from(keys))
            target = (node, key)
            if not isinstance(node[key], dict | list) or draw(st.booleans()):
                break
            node = node[key]
        if target is not None:
            target[0][target[1]] = copy.deepcopy(draw(HOSTILE))  # never share one
    return data


def imported(client, body: str) -> None:
    before = ArmyList.objects.count()
    response = client.post(reverse("armylists:import"), {"document": body})
    assert response.status_code in (200, 302, 400, 413), (body[:300], response.status_code)
    if response.status_code != 302:
        assert ArmyList.objects.count() == before, body[:300]
    for document in ArmyList.objects.values_list("document", flat=True):
        ListDocument.model_validate(document)


def text(data) -> str:
    return json.dumps(data, ensure_ascii=True)  # "\ud800" travels as its escape


def link(data) -> str:
    """A Battle Forge share link of `data` (escapes kept, so any string travels)."""
    return "https://app.example/#/lists?share=" + base64.b64encode(text(data).encode()).decode()


@pytest.fixture(autouse=True)
def _no_import_limit(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "import": (10**6, 3600)}


def test_forgebuilder_lists_with_hostile_values_never_answer_500(client, mini_module, mini_list):
    @FUZZ
    @given(data=mutated(mini_list))
    def check(data):
        imported(client, text(data))

    check()


def test_battleforge_lists_with_hostile_values_never_answer_500(client, import_bf_module):
    import_bf_module("fantasy-realms")
    base = app_list("fantasy_realms_vampires.json")

    @FUZZ
    @given(data=mutated(base), as_link=st.booleans())
    def check(data, as_link):
        imported(client, link(data) if as_link else text(data))

    check()


@pytest.mark.parametrize(
    "change",
    [
        {"units": 5},
        {"legends": 5},
        {"units": [5, "x", None]},
        {"factionId": ["x"]},
        {"subFactionId": {"a": 1}},
    ],
)
def test_battleforge_values_of_the_wrong_json_type_are_reported(client, import_bf_module, change):
    import_bf_module("fantasy-realms")
    data = app_list("fantasy_realms_vampires.json")
    data["forces"][0].update(change)
    imported(client, text(data))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"pointLimit": "²"}, "is not a number of points"),
        ({"pointLimit": "9" * 5000}, "is not a number of points"),
        ({"gameId": "a\x00"}, "control character (U+0000)"),
        ({"name": "\ud800"}, "surrogate"),
    ],
)
def test_battleforge_lists_from_the_issue_answer_clearly(client, import_bf_module, change, message):
    import_bf_module("fantasy-realms")
    data = {**app_list("fantasy_realms_vampires.json"), **change}
    response = client.post(reverse("armylists:import"), {"document": text(data)})
    assert response.status_code in (200, 400)
    assert message in response.content.decode()
    assert not ArmyList.objects.exists()


def test_text_exports_with_hostile_lines_never_answer_500(client, mini_module, mini_list):
    from forgebuilder.lists.documents import parse_document
    from tests.armylists.importers.test_text import text_of

    document = parse_document(mini_list)
    from factions.catalog import catalog_by_slug

    base = text_of(document, catalog_by_slug("mini-vale")).splitlines()
    pieces = st.sampled_from(
        [" · ", "== ", " pts ==", "Legend: ", " (on ", " ×", ": ", ", ", "1001× ", "9" * 5000,
         "\x00", "²", "Spearmen", "Captain", "(Spearmen)"]
    )  # fmt: skip

    @FUZZ
    @given(
        at=st.integers(0, len(base) + 1),
        line=st.lists(pieces, max_size=8).map("".join),
        times=st.sampled_from([1, 2, 401]),
    )
    def check(at, line, times):
        lines = [*base[:at], *[line] * times, *base[at:]]
        imported(client, "\n".join(lines))

    check()
