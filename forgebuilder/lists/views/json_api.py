"""JSON API: validate a list document (or a match of several) and return the report.

The endpoints change nothing and read no cookies' state, and they only accept
`application/json` bodies, which a browser cannot send cross-site without a CORS preflight; so
they are exempt from the CSRF token that every form POST of the site requires.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from forgebuilder.engine.api import MatchError, match_check
from forgebuilder.lists.documents import (
    DocumentError,
    DocumentProblem,
    document_report,
    parse_document,
    read_json,
)
from forgebuilder.ratelimit import rate_limited

MAX_BODY = 1_000_000


def _bad(problems, status: int = 400) -> JsonResponse:
    return JsonResponse(DocumentError(problems).to_json(), status=status)


_NOT_JSON = DocumentProblem(
    "",
    "send the list document as JSON (Content-Type: application/json)",
    "not-json-content",
    "Set the request's Content-Type header to application/json.",
)
_TOO_LARGE = DocumentProblem(
    "", "the document is larger than 1 MB", "too-large", "Send a list of under 1 MB."
)


def _endpoint(answer: Callable[[bytes], JsonResponse]) -> Callable[[HttpRequest], JsonResponse]:
    """An API endpoint answering a JSON body (POST only, rate-limited, at most MAX_BODY): a
    body of another type or size, or a document that cannot be read, is a 400 saying why."""

    @csrf_exempt
    @require_POST
    @rate_limited("api", "API requests")
    @functools.wraps(answer)
    def endpoint(request: HttpRequest) -> JsonResponse:
        if request.content_type != "application/json":
            return _bad([_NOT_JSON])
        if len(request.body) > MAX_BODY:
            return _bad([_TOO_LARGE])
        try:
            return answer(request.body)
        except DocumentError as exc:
            return JsonResponse(exc.to_json(), status=400)

    return endpoint


@_endpoint
def validate(body: bytes) -> JsonResponse:
    document = parse_document(body)
    _roster, report = document_report(document)
    return JsonResponse({"name": document.name, **report.to_json()})


@_endpoint
def match(body: bytes) -> JsonResponse:
    data = read_json(body)
    lists = data.get("lists") if isinstance(data, dict) else None
    if not isinstance(lists, list) or len(lists) < 2:
        return _bad(
            [
                DocumentProblem(
                    "lists",
                    "give at least two list documents",
                    "too-few-lists",
                    'Send {"lists": [document, document, ...]}.',
                )
            ]
        )
    rosters, reports, problems = [], [], []
    for i, raw in enumerate(lists):
        if not isinstance(raw, dict):  # not JSON text inside the JSON
            problems.append(
                DocumentProblem(
                    f"lists[{i}]",
                    "a list document is a JSON object",
                    "not-an-object",
                    "Put each list document in the array as an object, not as text.",
                )
            )
            continue
        try:
            roster, report = document_report(parse_document(raw))
        except DocumentError as exc:
            problems.extend(
                p._replace(path=f"lists[{i}].{p.path}".rstrip(".")) for p in exc.problems
            )
            continue
        rosters.append(roster)
        reports.append(report.to_json())
    if problems:
        return _bad(problems)
    try:
        match_report = match_check(rosters)
    except MatchError as exc:
        return _bad([DocumentProblem("lists", exc.message, exc.code, exc.hint)])
    return JsonResponse({"match": match_report.to_json(), "lists": reports})
