"""The printouts, declared once each, and the subjects they are drawn of.

A subject is what a printout shows: a list (registered by the lists app), an event (by the
events app). It says how the background task finds it again from the plain values it was queued
with, and what drawing it costs. A printout (the PDF roster, the token sheet, the event pack ...)
is one `PrintoutKind` of one subject, registered from its own module. Everything else reads the
registry: the download addresses, the views that serve them, the one background task that draws
them all, the waiting page's title, the download forms and the service worker's list of
printouts kept offline. Adding a printout is one module that registers one kind; adding a
subject, one `register_subject`. (After pretix's `BaseExporter`.)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from operator import attrgetter
from typing import Any
from urllib.parse import urlencode

from forgebuilder.printing.options import PAPERS, TOKEN_SIZES, paper_from, token_size_from

_KEY = re.compile(r"^[a-z][a-z0-9-]*$")  # it names a URL (`<key>.pdf`) and a task argument


@dataclass(frozen=True)
class Choice:
    """One option a player picks for a printout: a query parameter and a select on its form."""

    name: str  # the query parameter and the drawing function's keyword: "paper", "size"
    label: str  # "Paper size"
    values: tuple[tuple[str, str], ...]  # (query value, what the select shows)
    parse: Callable[[str | None], Any]  # query value -> option; raises ExportOptionError
    dump: Callable[[Any], str] = str  # option -> query value (what the background task gets)


PAPER = Choice(
    "paper",
    "Paper size",
    tuple((p.key, p.label) for p in PAPERS.values()),
    paper_from,
    attrgetter("key"),
)
TOKEN_SIZE = Choice(
    "size", "Token size", tuple((str(s), f"{s} mm tokens") for s in TOKEN_SIZES), token_size_from
)


@dataclass(frozen=True)
class PrintoutKind:
    """A printout: how it is named, offered, keyed in the render cache and drawn."""

    key: str  # "roster": served at `.../roster.pdf`, named in the render task
    title: str  # "token sheet": "Your token sheet is being prepared"
    template: str  # the print template it is drawn from
    description: str  # the help line of its download form
    button: str  # "Download roster"
    choices: tuple[Choice, ...]  # the options it takes, in the order the form shows them
    cache_key: Callable[..., str]  # (source, **options) -> its key in the render cache
    draw: Callable[..., bytes]  # (source, **options) -> the PDF (from the render cache if drawn)
    file_suffix: str = ""  # "-tokens": emberstone-oath-350pts-tokens.pdf
    offline: bool = False  # the service worker keeps it for reading offline
    subject: str = "list"  # what it is drawn of: a registered subject's name

    @property
    def heading(self) -> str:
        return f"{self.title[:1].upper()}{self.title[1:]} (PDF)"

    @property
    def url_name(self) -> str:
        return f"{self.key}_pdf"

    @property
    def shared_url_name(self) -> str:
        return f"shared_{self.key}_pdf"

    def default_query(self) -> str:
        """The query the download form sends unchanged ("paper=a4"): a link to the printout
        asks for the same address, so the copy kept for offline reading is found."""
        return urlencode({choice.name: choice.values[0][0] for choice in self.choices})

    def options_from(self, query: Mapping[str, Any]) -> dict[str, Any]:
        """The options of a request's query; raises ExportOptionError naming a bad one."""
        return {choice.name: choice.parse(query.get(choice.name)) for choice in self.choices}

    def options_dumped(self, options: Mapping[str, Any]) -> dict[str, str]:
        """`options` as query values, for the background task (which parses them again)."""
        return {choice.name: choice.dump(options[choice.name]) for choice in self.choices}


_PRINTOUTS: dict[str, PrintoutKind] = {}


def register_printout(kind: PrintoutKind) -> PrintoutKind:
    """Add `kind` to the printouts; a key may be registered once."""
    if not _KEY.match(kind.key):
        raise ValueError(f"printout key {kind.key!r}: lower-case letters, digits and hyphens")
    if kind.key in _PRINTOUTS:
        raise ValueError(f"printout {kind.key!r} is already registered")
    _PRINTOUTS[kind.key] = kind
    return kind


def unregister_printout(key: str) -> None:
    """Remove a printout (tests that register one of their own take it away again)."""
    _PRINTOUTS.pop(key, None)


def printouts(subject: str = "list") -> Iterator[PrintoutKind]:
    """Every printout of `subject`, in the order they were registered (the order the downloads
    show)."""
    return iter(tuple(kind for kind in _PRINTOUTS.values() if kind.subject == subject))


def printout(key: str) -> PrintoutKind:
    """The printout registered as `key`; KeyError names the ones there are."""
    try:
        return _PRINTOUTS[key]
    except KeyError:
        raise KeyError(f"unknown printout {key!r}; one of {', '.join(_PRINTOUTS)}") from None


def draw(key: str, source: Any, options: Mapping[str, str | None]) -> bytes:
    """Printout `key` of `source`, its options given as query values."""
    kind = printout(key)
    return kind.draw(source, **kind.options_from(options))


@dataclass(frozen=True)
class Subject:
    """What printouts are drawn of (a list, an event): how the background task finds it again
    from the plain values it was queued with, and what drawing it costs."""

    name: str  # "list", "event": a printout kind's `subject`
    load: Callable[[Mapping[str, Any]], Any]  # the queued task's origin values -> the source
    weight: Callable[[Any], int]  # units of the client's render budget one drawing costs
    priority: Callable[[Any], int]  # the queue's priority (higher first), in -100..100


_SUBJECTS: dict[str, Subject] = {}


def register_subject(subject: Subject) -> Subject:
    if subject.name in _SUBJECTS:
        raise ValueError(f"printout subject {subject.name!r} is already registered")
    _SUBJECTS[subject.name] = subject
    return subject


def subject_of(kind: PrintoutKind) -> Subject:
    """The subject printout `kind` is drawn of."""
    try:
        return _SUBJECTS[kind.subject]
    except KeyError:
        raise KeyError(
            f"printout {kind.key!r}: no subject {kind.subject!r} is registered"
        ) from None
