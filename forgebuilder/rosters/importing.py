"""A roster sent back by the import page's "Keep" form: the file as it was dropped or pasted,
base64 encoded, read again here (nothing the page shows is trusted)."""

from __future__ import annotations

import base64
import binascii

from forgebuilder.lists.api import MAX_IMPORT_BYTES, DocumentError, foreign, read_foreign

#: base64 makes 4 characters of 3 bytes: the import limit, encoded, and no more.
MAX_PAYLOAD = (MAX_IMPORT_BYTES + 2) // 3 * 4


class RosterRefused(ValueError):
    """The form's roster cannot be kept: the message says what is wrong, and where."""


def roster_from_payload(payload: str) -> foreign.ForeignRoster:
    if not payload:
        raise RosterRefused("no roster was sent; drop or paste it on the import page again")
    if len(payload) > MAX_PAYLOAD:
        raise RosterRefused("the roster is larger than 1 MB; a roster is far smaller")
    try:
        raw = base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError):
        raise RosterRefused("the form's roster was damaged on the way; import it again") from None
    try:
        return read_foreign(raw)
    except DocumentError as exc:
        raise RosterRefused(
            "; ".join(f"{p.path}: {p.message}" if p.path else p.message for p in exc.problems)
        ) from None
