"""Lists made in other builders, recognised from their content: BattleScribe rosters (.ros XML,
.rosz zip), New Recruit's JSON export and tournament (WTC) text, Army Forge's file and text, and
the Warhammer app's text.
Each is read into a `ForeignRoster` (battlescribe.py): the import maps it onto a hosted game
where it names one (foreign_map.py), or keeps it as it is.
"""

from __future__ import annotations

from forgebuilder import inputguard
from forgebuilder.lists.documents import DocumentError
from forgebuilder.lists.importers import (
    app_text,
    armyforge_json,
    armyforge_text,
    battlescribe,
    newrecruit,
    wtc_text,
)
from forgebuilder.lists.importers.result import MAX_IMPORT_BYTES
from forgebuilder.lists.importers.text_lines import looks_like_text_export

#: The name of each format as the import page says it read it.
BATTLESCRIBE = battlescribe.FORMAT_NAME


def is_roster(raw: bytes | str) -> bool:
    """A zip, or XML (a text export of a list named "<…>" is not XML)."""
    if isinstance(raw, bytes) and raw.startswith(battlescribe.ZIP_MAGIC):
        return True
    if not battlescribe.looks_like_roster(raw):
        return False
    head = raw[:4000].decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
    return not looks_like_text_export(head.strip())


def foreign_roster(raw: bytes | str) -> tuple[str, battlescribe.ForeignRoster] | None:
    """(format name, roster) when `raw` is another builder's list; None when it is none of
    their formats. Raises DocumentError saying what is wrong where when it is one but bad."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise DocumentError((("", "the list is larger than 1 MB; a list is far smaller"),))
    try:
        return _read(raw)
    except battlescribe.RosterError as exc:
        raise DocumentError(((exc.place, exc.message),)) from None


def _read(raw: bytes | str) -> tuple[str, battlescribe.ForeignRoster] | None:
    if is_roster(raw):
        return BATTLESCRIBE, battlescribe.read_roster(raw)
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            return None
    text = raw.strip()
    if text.startswith("{"):
        try:
            data = inputguard.read_json(
                text, max_bytes=MAX_IMPORT_BYTES, max_depth=newrecruit.MAX_NESTING
            )
        except inputguard.JsonRefused:
            return None  # the list importers say what is wrong with it
        if newrecruit.looks_like_roster(data):
            return newrecruit.FORMAT_NAME, newrecruit.read_json_roster(data)
        if armyforge_json.looks_like_armyforge_json(data):
            return armyforge_json.FORMAT_NAME, armyforge_json.read_armyforge_json(data)
        return None
    if looks_like_text_export(text):
        return None
    if armyforge_text.looks_like_armyforge_text(text):
        return armyforge_text.FORMAT_NAME, armyforge_text.read_armyforge_text(text)
    if wtc_text.looks_like_wtc_text(text):
        return wtc_text.FORMAT_NAME, wtc_text.read_wtc_text(text)
    if app_text.looks_like_app_text(text):
        return app_text.FORMAT_NAME, app_text.read_app_text(text)
    return None


def read_foreign(raw: bytes | str) -> battlescribe.ForeignRoster:
    """The roster in `raw`, whichever other builder's format it is; raises DocumentError saying
    what is wrong where (or that it is none of them)."""
    found = foreign_roster(raw)
    if found is None:
        raise DocumentError(
            (
                (
                    "",
                    "not a list of another builder this page reads (a BattleScribe or New "
                    "Recruit roster, an Army Forge list or text, the Warhammer app's or a "
                    "tournament text)",
                ),
            )
        )
    return found[1]
