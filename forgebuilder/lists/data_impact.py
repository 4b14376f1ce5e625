"""What a module's new version would do to the stored lists built on it, before it is published.

The admin's publish page and `import_battleforge --dry-run` show it (through
forgebuilder/impacts.py): how many lists would change price, become illegal, lose an option, a
legend or a strategy, or keep a unit whose datasheet is gone, each list evaluated against what
players see now and against the new version. Plain Python over the lists' own reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from factions.catalog import Catalog
from forgebuilder.engine.api import ListDocument, plural
from forgebuilder.impacts import Impact
from forgebuilder.lists.data_updates import updated_document
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.selectors import evaluated_document

# the lists looked at, the most recently edited first: an admin's page answers in seconds
LOOKED_AT = 3000
EXAMPLES = 3


@dataclass
class _Counts:
    price: list[str] = field(default_factory=list)
    illegal: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)
    touched: int = 0


class ListsImpact:
    key = "lists"
    order = 10

    def impact(self, *, module_id: int, current: Catalog, new: Catalog) -> Impact:
        rows = ArmyList.objects.filter(module_id=module_id)
        stored = rows.count()
        counts = _Counts()
        for name, raw in rows.order_by("-updated_at").values_list("name", "document")[:LOOKED_AT]:
            list_impact(counts, name, ListDocument.model_validate(raw), current, new)
        lines = [
            _line(counts.price, "changes price", "change price"),
            _line(counts.illegal, "becomes illegal", "become illegal"),
            _line(counts.dropped, "loses an option, a legend or a strategy",
                  "lose an option, a legend or a strategy"),
            _line(counts.gone, "keeps a unit the new version removes",
                  "keep a unit the new version removes"),
        ]  # fmt: skip
        if stored > LOOKED_AT:
            lines.append(
                f"Counted over the {LOOKED_AT:,} most recently edited of {stored:,} lists."
            )
        return Impact("Army lists", stored, counts.touched, tuple(x for x in lines if x))


def list_impact(
    counts: _Counts, name: str, document: ListDocument, current: Catalog, new: Catalog
) -> None:
    """Count what `new` would change of one list (evaluated on `current` and on `new`)."""
    before, before_report = evaluated_document(document=document, catalog=current)
    after, after_report = evaluated_document(document=document, catalog=new)
    touched = False
    if after.points != before.points:
        counts.price.append(f"{name}: {before.points:,} → {after.points:,} points")
        touched = True
    if before_report.legal and not after_report.legal:
        counts.illegal.append(name)
        touched = True
    if updated_document(document, new, current)[1]:
        counts.dropped.append(name)
        touched = True
    faction = document.unit_faction
    if any(new.datasheet(faction(u), u.datasheet) is None for u in document.units) and not any(
        current.datasheet(faction(u), u.datasheet) is None for u in document.units
    ):
        counts.gone.append(name)
        touched = True
    counts.touched += touched


def _line(names: list[str], one: str, many: str) -> str:
    if not names:
        return ""
    shown = "; ".join(names[:EXAMPLES]) + ("; …" if len(names) > EXAMPLES else "")
    return f"{plural(len(names), 'list')} {one if len(names) == 1 else many} ({shown})"
