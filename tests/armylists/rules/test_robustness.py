"""Whatever a list document holds, the engine answers with a report and the API with 200 or 400."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.engine.rules import MatchError, Report, evaluate, match_check, resolve
from forgebuilder.lists.documents import DocumentError, parse_document

from .strategies import JSON_VALUES, catalogs, list_documents, mangled

CATALOGS = catalogs()
BY_SLUG = {c.slug: c for c in CATALOGS}
FUZZ = settings(max_examples=60, deadline=None)


def evaluate_data(data: dict) -> Report | None:
    """The report of a document, or None when it is refused (the API answers 400 for those)."""
    try:
        document = parse_document(data)
    except DocumentError:
        return None
    catalog = BY_SLUG.get(document.module)
    return evaluate(resolve(document, catalog)) if catalog else None


@FUZZ
@given(list_documents(CATALOGS))
def test_the_engine_reports_on_any_list_document(data):
    document = ListDocument.model_validate(data)

    report = evaluate(resolve(document, BY_SLUG[document.module]))

    assert isinstance(report, Report)
    assert report.legal == (not report.errors)
    assert json.loads(json.dumps(report.to_json()))["legal"] is report.legal
    assert set(report.unit_points) == {u.id for u in document.units}
    for violation in report.violations:
        assert violation.code and violation.message
        assert violation.severity in ("error", "warning")
        assert set(violation.units) <= set(report.unit_points)


@settings(max_examples=30, deadline=None)
@given(st.lists(list_documents(CATALOGS), min_size=2, max_size=3))
def test_a_match_check_reports_on_any_lists_or_says_why_it_cannot(documents):
    rosters = [resolve(ListDocument.model_validate(d), BY_SLUG[d["module"]]) for d in documents]
    comparable = len({r.catalog.slug for r in rosters}) == 1 and rosters[0].ruleset.match_check

    try:
        report = match_check(rosters)
    except MatchError as exc:
        assert not comparable, exc
        return
    assert comparable
    assert len(report.sides) == len(documents)
    assert all(side.underdog_points >= 0 for side in report.sides)


@FUZZ
@given(list_documents(CATALOGS).flatmap(mangled))
def test_a_mangled_document_is_read_or_refused_with_where_and_what(data):
    report = evaluate_data(data)

    assert report is None or isinstance(report, Report)


@FUZZ
@given(JSON_VALUES | st.binary(max_size=50) | st.text(max_size=50))
def test_any_input_is_read_or_refused_with_where_and_what(raw):
    try:
        document = parse_document(raw)
    except DocumentError as exc:
        assert exc.problems
        assert all(isinstance(p.path, str) and p.message and p.code for p in exc.problems)
        assert json.dumps(exc.to_json())
    else:
        assert isinstance(document, ListDocument)


# --- the API --------------------------------------------------------------------------------

API_BODIES = st.one_of(
    list_documents(CATALOGS[:1]).map(json.dumps),  # the mini-vale module is in the database
    list_documents(CATALOGS[:1]).flatmap(mangled).map(json.dumps),
    JSON_VALUES.map(json.dumps),
    st.binary(max_size=80),
)


@pytest.mark.django_db
@settings(
    max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=API_BODIES)
def test_the_validation_api_answers_200_or_400_never_500(client, mini_module, body):
    response = client.post("/api/validate", body, content_type="application/json")

    assert response.status_code in (200, 400)
    data = response.json()
    if response.status_code == 200:
        assert {"legal", "totals", "violations"} <= set(data)
    else:
        assert data["errors"]
        assert all({"path", "message"} <= set(error) for error in data["errors"])


@pytest.mark.django_db
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=st.one_of(
        st.lists(list_documents(CATALOGS[:1]), max_size=3).map(
            lambda ls: json.dumps({"lists": ls})
        ),
        st.lists(JSON_VALUES, max_size=3).map(lambda ls: json.dumps({"lists": ls})),
        JSON_VALUES.map(json.dumps),
    )
)
def test_the_match_api_answers_200_or_400_never_500(client, mini_module, body):
    response = client.post("/api/match", body, content_type="application/json")

    assert response.status_code in (200, 400)
