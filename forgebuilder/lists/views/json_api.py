"""JSON API: validate a list document (or a match of several) and return the report.

The endpoints change nothing and read no cookies' state, and they only accept
`application/json` bodies, which a browser cannot send cross-site without a CORS preflight; so
they are exempt from the CSRF token that every form POST of the site requires.
"""

from __future__ import annotations

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


def _body(request: HttpRequest):
    if request.content_type != "application/json":
        return None, _bad([_NOT_JSON])
    if len(request.body) > MAX_BODY:
        return None, _bad([_TOO_LARGE])
    return request.body, None


@csrf_exempt
@require_POST
@rate_limited("api", "API requests")
def validate(request: HttpRequest) -> JsonResponse:
    body, error = _body(request)
    if error:
        return error
    try:
        document = parse_document(body)
        _roster, report = document_report(document)
    except DocumentError as exc:
        return JsonResponse(exc.to_json(), status=400)
    return JsonResponse({"name": document.name, **report.to_json()})


@csrf_exempt
@require_POST
@rate_limited("api", "API requests")
def match(request: HttpRequest) -> JsonResponse:
    body, error = _body(request)
    if error:
        return error
    try:
        data = read_json(body)
    except DocumentError as exc:
        return JsonResponse(exc.to_json(), status=400)
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
