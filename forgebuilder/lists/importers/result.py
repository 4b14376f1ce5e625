"""What every importer returns: the list it could build and what it could not match."""

from __future__ import annotations

from dataclasses import dataclass

from forgebuilder.engine.api import ListDocument

#: Pasted text or an uploaded file larger than this is refused before it is read.
MAX_IMPORT_BYTES = 1_000_000


@dataclass(frozen=True)
class Unmatched:
    """One thing of the source that has no place in the module, and where it was."""

    place: str
    message: str


@dataclass(frozen=True)
class ImportOutcome:
    """A list built from a source of the format `format_name`; `unmatched` is what was left out."""

    format_name: str
    document: ListDocument
    unmatched: tuple[Unmatched, ...] = ()

    @property
    def complete(self) -> bool:
        return not self.unmatched
