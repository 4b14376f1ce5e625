"""What every export reads: the list document, its resolved roster and its report, its units
grouped by force (`presenters.forces`, the grouping every page draws)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from factions.catalog import Catalog
from forgebuilder.engine.api import (
    ForceGroup,
    ListDocument,
    Report,
    Roster,
    RosterUnit,
    extensions,
    focus_names,
    force_groups,
)


@dataclass(frozen=True)
class ExportSource:
    """One list as it is printed. `share_url` (may be empty) is printed as a QR code."""

    document: ListDocument
    roster: Roster
    report: Report
    share_url: str = ""
    # the stored list printed, if any: its campaign mission's underdog points (token sheet)
    army_list_id: int | None = None
    # the underdog points a match check gave this list (outside a campaign); None: not drawn
    # from a match check
    match_underdog: int | None = None
    groups: tuple[ForceGroup, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "groups", tuple(force_groups(self.roster, self.report)))

    @cached_property
    def underdog_points(self) -> int:
        """Underdog points of the campaign mission the list is set up to play (0: none).

        Looked up only when asked (the token sheet), so other printouts and pages pay nothing.
        A token sheet drawn from a match check carries the points that check gave instead.
        """
        if self.match_underdog is not None:
            return self.match_underdog
        if self.army_list_id is None:
            return 0
        return extensions.underdog_points(self.army_list_id)

    @property
    def catalog(self) -> Catalog:
        return self.roster.catalog

    def render_content(self) -> dict[str, object]:
        """What a printout of this list shows, for its render-cache key: the document, the
        module and the revision of its game data, the engine's report of it (so a change of the
        rules engine shows) and the share URL printed in the footer."""
        return {
            "document": self.document.to_json(),
            "module": self.catalog.slug,
            "revision": self.catalog.revision,
            "report": self.report.to_json(),
            "share_url": self.share_url,
        }

    @property
    def numbered_units(self) -> list[tuple[int, RosterUnit]]:
        """Units in printed order (by force organization), numbered from 1.

        The same numbers are on the cards, the unit table and the token sheet's unit markers.
        """
        return [pair for group in self.groups for pair in group.units]

    @property
    def faction_name(self) -> str:
        return self.roster.faction.name if self.roster.faction else self.document.faction

    @property
    def focus_name(self) -> str:
        """The focuses of the list's own forces ("Town Watch, Levy"), else the list's focus."""
        return focus_names(self.roster)


def source_from_evaluated(evaluated, *, share_url: str = "") -> ExportSource:
    """From the one read of a list: selectors.evaluated_list or evaluated_shared_list."""
    return ExportSource(
        evaluated.document,
        evaluated.roster,
        evaluated.report,
        share_url,
        army_list_id=evaluated.army_list.pk,
    )
