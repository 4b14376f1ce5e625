"""Recognise what was dropped or pasted on the import page and read it into a list document.

Formats: a forgebuilder list document (JSON), a Battle Forge app list (JSON file), a Battle
Forge share link, forgebuilder's text export (compact or full) and other builders' lists
(foreign.py: BattleScribe, New Recruit, Army Forge, the Warhammer app). Each outcome names the
format it recognised. Another builder's list is mapped onto the hosted game it names
(foreign_map.py); one of a game not hosted here is named and refused (the import page offers
to keep it as a foreign roster).
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from forgebuilder.lists.data_versions import built_on_catalog
from forgebuilder.lists.documents import (
    DocumentError,
    document_catalog,
    invalid_document,
    parse_document,
    read_json,
)
from forgebuilder.lists.importers import battleforge_app
from forgebuilder.lists.importers.battlescribe import ForeignRoster, summary
from forgebuilder.lists.importers.foreign import foreign_roster
from forgebuilder.lists.importers.foreign_map import hosted_game, mapped_list
from forgebuilder.lists.importers.modules import battleforge_catalog
from forgebuilder.lists.importers.result import MAX_IMPORT_BYTES, ImportOutcome
from forgebuilder.lists.importers.text import text_list_document
from forgebuilder.lists.importers.text_lines import looks_like_text_export
from forgebuilder.lists.importing import import_document

FORGEBUILDER_FORMAT = "forgebuilder list (JSON)"


def _fail(message: str, place: str = "") -> DocumentError:
    return DocumentError(((place, message),))


def _app_outcome(data: Any, format_name: str) -> ImportOutcome:
    forces = data.get("forces") or []
    faction_ids = [f.get("factionId") for f in forces if isinstance(f, dict)]
    catalog = battleforge_catalog(data.get("gameId"), faction_ids)
    if catalog is None:
        game = data.get("gameId")
        raise _fail(
            f"no imported Battle Forge module matches this list (game {game!r}); "
            "an administrator imports it with `manage.py import_battleforge`",
            "gameId",
        )
    return battleforge_app.app_list_document(data, catalog, format_name)


class UnhostedRoster(DocumentError):
    """Another builder's list of a game not hosted here: no list of it can be made, so the
    import page offers to keep it as a foreign roster instead. `roster` is what was read."""

    code = "roster-of-a-game-not-hosted"

    def __init__(self, roster: ForeignRoster) -> None:
        said = f"{summary(roster)}. Rosters of games not hosted here cannot be imported yet."
        super().__init__((("", said),))
        self.roster = roster


def _foreign(format_name: str, roster: ForeignRoster) -> ImportOutcome:
    """Another builder's list: mapped onto the hosted game it names, else refused as a list
    (`UnhostedRoster`, which carries the roster read, to be kept as it is)."""
    hosted = hosted_game(roster)
    if hosted is not None:
        return mapped_list(roster, *hosted, format_name=format_name)
    raise UnhostedRoster(roster)


def read_import(raw: bytes | str) -> ImportOutcome:
    """The list in `raw`, whichever supported format it is; raises DocumentError saying what
    is wrong when it is none of them or cannot be used at all."""
    try:
        return _read(raw)
    except ValidationError as exc:  # an importer built a document the format refuses
        raise invalid_document(exc) from exc


def _read(raw: bytes | str) -> ImportOutcome:
    if len(raw) > MAX_IMPORT_BYTES:
        raise _fail("the list is larger than 1 MB; a list is far smaller")
    if (foreign := foreign_roster(raw)) is not None:
        return _foreign(*foreign)
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise _fail("not valid JSON: the text is not UTF-8") from None
    text = raw.strip()
    if not text:
        raise _fail(
            "choose a list file (.json) or paste a list document, a Battle Forge share link "
            "or a text export"
        )
    if text[0] not in "{[" and battleforge_app.is_share_link(text):
        data = battleforge_app.decode_share_link(text)
        if not battleforge_app.looks_like_app_list(data):
            raise _fail("the link's content is not a Battle Forge list (it has no 'forces')")
        return _app_outcome(data, battleforge_app.LINK_FORMAT_NAME)
    # a text export of a list whose name starts with a bracket ("[Tourney] Vanguard") is no JSON
    if text[0] in "{[" and not looks_like_text_export(text):
        data = read_json(text)
        if not isinstance(data, dict):
            raise _fail("a list document is a JSON object, not a JSON array or value")
        if "format" in data or "module" in data:
            document = parse_document(data)
            # checked against the version it was made with: the editor then offers the update
            catalog = built_on_catalog(document_catalog(document), document)
            return ImportOutcome(FORGEBUILDER_FORMAT, import_document(document, catalog))
        if battleforge_app.looks_like_app_list(data):
            return _app_outcome(data, battleforge_app.FORMAT_NAME)
        raise _fail(
            'this JSON is neither a forgebuilder list (it has no "format": '
            '"forgebuilder-list") nor a Battle Forge app list (it has no "forces" list)'
        )
    if looks_like_text_export(text):
        return text_list_document(text)
    raise _fail(
        "not a list this page can read: expected a forgebuilder or Battle Forge JSON list, "
        "a Battle Forge share link (…#/lists?share=…), forgebuilder's text export or a "
        "BattleScribe roster (.ros, .rosz)"
    )
