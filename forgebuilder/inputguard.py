"""Refuse hostile input in one place: NUL characters in a request's address, query, cookies and
form fields, and every JSON the app reads (`read_json`).

PostgreSQL refuses NUL (U+0000) in text and jsonb: a NUL that reaches a look-up or a write
fails inside the database and, unguarded, answers 500. No field, id or token of ours holds one,
so a request carrying one anywhere is answered 400 saying where, before any view, session or
database sees it. JSON is read only through `read_json` (a tracker's sync, the list API, the
imports, and the JSON files of game modules an administrator imports), which refuses, naming the path ("changes[3].label"): a NUL or half of a UTF-16 pair
(a lone surrogate: jsonb refuses it too) in a key or a string, NaN and infinite numbers (no
JSON, and jsonb refuses them), nesting deeper than `MAX_JSON_DEPTH`, and a text larger than
the caller's limit.
"""

from __future__ import annotations

import json
import math
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.utils.html import format_html

from forgebuilder.refused import Refused

NUL = "\x00"


def nul_place(request: HttpRequest) -> str | None:
    """Where the request carries a NUL, in players' words, or None when it carries none."""
    if NUL in request.path_info or NUL in request.path:
        return "the address"
    for key, values in request.GET.lists():
        if NUL in key or any(NUL in v for v in values):
            return f"the query parameter '{key.replace(NUL, '')}'"
    for key, value in request.COOKIES.items():
        if NUL in key or NUL in value:
            return f"the cookie '{key.replace(NUL, '')}'"
    if request.method == "POST" and _form_sized(request):
        try:
            fields = list(request.POST.lists())
        except (MultiPartParserError, ValueError):  # the view answers what it cannot read
            return None
        for key, values in fields:
            if NUL in key or any(NUL in v for v in values):
                return f"the form field '{key.replace(NUL, '')}'"
    return None


def _form_sized(request: HttpRequest) -> bool:
    """A form body small enough to read here (larger bodies are refused by their views)."""
    content_type = request.META.get("CONTENT_TYPE", "")
    if not content_type.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
        return False
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return False
    return length <= settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def nul_refused(request: HttpRequest, place: str) -> HttpResponse:
    message = f"{place[0].upper()}{place[1:]} contains a control character (U+0000); remove it."
    if request.path.startswith("/api/"):
        return JsonResponse({"errors": [{"path": "", "message": message}]}, status=400)
    if request.headers.get("HX-Request") == "true":  # the page stays; the message is flashed
        flash = format_html(
            '<div class="messages"><p class="flash error" role="alert">{} {}</p></div>',
            message,
            "Nothing was changed.",
        )
        response = HttpResponse(flash, status=400)
        response["HX-Retarget"], response["HX-Reswap"] = "#flash", "innerHTML"
        return response
    return render(request, "400.html", {"message": message}, status=400)


class RefuseNulMiddleware:
    """400 for any request with a NUL in its address, query, cookies or form fields."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        place = nul_place(request)
        if place is not None:
            return nul_refused(request, place)
        return self.get_response(request)


# ---- JSON ----------------------------------------------------------------------------------

MAX_JSON_DEPTH = 32  # a list document nests 6 deep, a tracker's sync 4, a Battle Forge module 10
MAX_MODULE_FILE_BYTES = 64 * 1024 * 1024  # a module's data file (the largest published: 300 KB)


class JsonRefused(Refused, ValueError):
    """JSON the app does not read: `path` says where ("" for the whole text), `message` why."""

    code = "unreadable-json"

    def __init__(self, path: str, message: str, line: int | None = None) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path, self.message, self.line = path, message, line  # line: of a syntax error


class _NotANumber:
    """A NaN or an infinite number met while parsing, found again by the walk to name its path."""

    def __init__(self, text: str, why: str = "is not a JSON number") -> None:
        self.text, self.why = text, why


def _number(text: str) -> Any:
    value = float(text)
    return value if math.isfinite(value) else _NotANumber(text, "is too large a number")


def _size(limit: int) -> str:
    return f"{limit // 1_000_000} MB" if limit >= 1_000_000 else f"{limit // 1024} KB"


def read_json(raw: bytes | str, *, max_bytes: int, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """JSON text read into data that every database stores; raises JsonRefused naming the path
    of what is refused."""
    if len(raw) > max_bytes:
        raise JsonRefused("", f"the JSON is larger than {_size(max_bytes)}")
    try:
        data = json.loads(raw, parse_float=_number, parse_constant=_NotANumber)
    except json.JSONDecodeError as exc:
        where = f" (line {exc.lineno}, column {exc.colno})"
        raise JsonRefused("", f"not valid JSON{where}: {exc.msg}", exc.lineno) from exc
    except UnicodeDecodeError as exc:
        raise JsonRefused("", "not valid JSON: the text is not UTF-8") from exc
    except RecursionError as exc:
        raise JsonRefused("", "not valid JSON: arrays or objects nested too deeply") from exc
    except ValueError as exc:  # Python reads no integer of more than 4300 digits
        raise JsonRefused("", "not valid JSON: a number has too many digits") from exc
    problem = json_problem(data, max_depth)
    if problem is not None:
        raise JsonRefused(*problem)
    return data


def json_path(parts: tuple[str | int, ...]) -> str:
    """`("changes", 3, "label")` -> `changes[3].label`."""
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def json_problem(data: Any, max_depth: int = MAX_JSON_DEPTH) -> tuple[str, str] | None:
    """(path, what is wrong) of the first value in `data` no database stores, or None."""
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            if problem := _unstorable(value):
                return json_path(path), f"the text contains {problem}; remove it"
        elif isinstance(value, _NotANumber):
            return json_path(path), f"{value.text[:20]} {value.why}"
        elif isinstance(value, dict | list):
            if len(path) >= max_depth:
                return json_path(path), f"arrays or objects nested more than {max_depth} deep"
            if isinstance(value, list):
                stack.extend(((*path, i), v) for i, v in enumerate(value))
                continue
            for key, item in value.items():
                if problem := _unstorable(key):
                    where = json_path(path)
                    return where, f"the text contains a key with {problem}; remove it"
                stack.append(((*path, key), item))
    return None


def _unstorable(text: str) -> str | None:
    if NUL in text:
        return "a control character (U+0000)"
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "half of a UTF-16 surrogate pair (not a character)"
    return None
