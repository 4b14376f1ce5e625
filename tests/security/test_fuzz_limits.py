"""Fuzzing every editor endpoint and the API at and past the documented limits (issue 14):
no answer is a 500, and a refused edit writes nothing. Bounded and derandomized for CI."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forgebuilder.armylists.listdoc import MAX_COUNT, MAX_UNITS
from forgebuilder.armylists.models import ArmyList

FUZZ = settings(
    max_examples=60,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
HTMX = {"HX-Request": "true"}

numbers = st.one_of(
    st.sampled_from([0, 1, -1, MAX_COUNT, MAX_COUNT + 1, 2000, MAX_UNITS + 1, 10**12]).map(str),
    st.sampled_from(["²", "①", "٣", "1_0", " 5", "", "1e3", "0x10", "9" * 5000]),
)
texts = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["", "x" * 81, "x" * 121, "x" * 5000, "a\x00b", "\x85", "u1", "f1"]),
)
ENDPOINTS = [
    ("settings", {"name": texts, "points_limit": numbers}),
    ("units/add", {"datasheet": st.sampled_from(["spearmen", "captain", "nope"]), "force": texts}),
    ("units/u2/models", {"model": st.sampled_from(["spearman", "x"]), "count": numbers}),
    (
        "units/u2/option",
        {
            "option": st.sampled_from(["spearman.replace_weapon.spear", "add_rule.steady", "x"]),
            "choice": st.sampled_from(["crossbow", "steady", "x", ""]),
            "count": numbers,
        },
    ),
    ("units/u2/rename", {"name": texts}),
    ("units/u3/specialty", {"specialty": texts}),
    ("units/u2/duplicate", {}),
    ("units/u1/remove", {}),
    ("units/u2/move", {"force": texts}),
    ("units/u2/reorder", {"step": numbers}),
    ("forces/add", {"organization": st.sampled_from(["millford/patrol", "x/y", "nope"])}),
    ("forces/f1/remove", {"move_to": texts}),
    ("legends/add", {"legend": st.sampled_from(["old_banner", "x"]), "unit": texts}),
    ("legends/0/remove", {}),
    ("undo", {}),
]


@st.composite
def edits(draw):
    path, fields = draw(st.sampled_from(ENDPOINTS))
    data = {name: draw(strategy) for name, strategy in fields.items()}
    return path, data, draw(st.booleans())


@pytest.mark.parametrize("full", [False, True], ids=["standard list", "list at every limit"])
def test_no_editor_edit_answers_500_or_writes_when_refused(client, make_list, owner, full):
    army_list = make_list(owner=owner)
    if full:  # 400 units, 40 force organizations, 50 legends: every addition is one too many
        document = dict(army_list.document)
        document["forces"] = [
            {"id": f"f{i}", "organization": "patrol", "faction": "millford"} for i in range(1, 41)
        ]
        document["units"] = document["units"] + [
            {"id": f"u{i}", "datasheet": "spearmen", "force": "f1"}
            for i in range(len(document["units"]) + 1, MAX_UNITS + 1)
        ]
        document["legends"] = [{"legend": "old_banner"}] * 50
        ArmyList.objects.filter(pk=army_list.pk).update(document=document)

    @(FUZZ if not full else settings(FUZZ, max_examples=20))
    @given(edit=edits())
    def check(edit):
        path, data, htmx = edit
        before = ArmyList.objects.get(pk=army_list.pk)
        url = reverse("armylists:editor", args=[army_list.public_id]) + path
        response = client.post(
            url, {"version": before.version, **data}, headers=HTMX if htmx else {}
        )
        assert response.status_code in (200, 302, 400, 409), (path, data, response.status_code)
        after = ArmyList.objects.get(pk=army_list.pk)
        if response.status_code >= 400:
            assert (after.version, after.document) == (before.version, before.document)
        assert after.unit_count <= MAX_UNITS

    check()


@st.composite
def documents(draw, base):
    document = json.loads(json.dumps(base))
    units = draw(st.sampled_from([0, 1, MAX_UNITS, MAX_UNITS + 1]))
    document["units"] = [
        {"id": f"u{i}", "datasheet": "spearmen", "force": "f1",
         "models": {"spearman": draw(st.sampled_from([5, 10, 11, MAX_COUNT, MAX_COUNT + 1]))}}
        for i in range(units)
    ]  # fmt: skip
    document["legends"] = [{"legend": "old_banner"}] * draw(st.sampled_from([0, 50, 51]))
    document["name"] = draw(texts)
    return document


def test_the_api_never_answers_500_at_or_past_the_limits(client, mini_module, mini_list, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "api": (10**6, 60)}
    url = reverse("armylists:api_validate")

    @FUZZ
    @given(document=documents(mini_list))
    def check(document):
        response = client.post(url, json.dumps(document), content_type="application/json")
        assert response.status_code in (200, 400), response.status_code
        assert response["Content-Type"] == "application/json"

    check()
