"""My lists as a page at a time: search, filters by game and folder, a sort and a count.

What the page shows never grows with the account: one page of rows (`PAGE_SIZE`), the games and
folders with their counts (two grouped queries), and how many lists match. The query string is
read leniently (an unknown sort or page falls back to the first), so a shared or stale address
always opens a page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from urllib.parse import urlencode

from django.core.paginator import Page, Paginator
from django.db.models import Count, OuterRef, Q, Subquery
from django.db.models.fields.json import KeyTextTransform

from factions.models import GameModule, ModuleVersion
from forgebuilder.engine.api import extensions
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.services import MAX_FOLDER

PAGE_SIZE = 25
MAX_SEARCH = 100

#: sort key -> (label, ordering)
SORTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "changed": ("Last changed", ("-updated_at", "-pk")),
    "name": ("Name", ("name", "pk")),
    "points": ("Points, most first", ("-points", "pk")),
    "game": ("Game", ("module__name", "name", "pk")),
}


@dataclass(frozen=True)
class ShelfQuery:
    """What the player asked My lists for: words to find, a game, a folder, a sort, a page."""

    q: str = ""
    game: str = ""  # a module's slug, "" for every game
    folder: str = ""  # a folder's name, "" for every folder
    sort: str = "changed"
    page: int = 1

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> ShelfQuery:
        page = params.get("page", "1")
        sort = params.get("sort", "changed")
        return cls(
            q=" ".join(params.get("q", "").split())[:MAX_SEARCH],
            game=params.get("game", "")[:80],
            folder=params.get("folder", "").strip()[:MAX_FOLDER],
            sort=sort if sort in SORTS else "changed",
            page=int(page) if page.isdigit() and 0 < len(page) < 7 else 1,
        )

    @property
    def filtered(self) -> bool:
        return bool(self.q or self.game or self.folder)

    def address(self, **changes: object) -> str:
        """This query with `changes`, as a query string (defaults left out)."""
        query = replace(self, **changes)  # type: ignore[arg-type]
        pairs = {"q": query.q, "game": query.game, "folder": query.folder}
        pairs |= {"sort": query.sort if query.sort != "changed" else ""}
        pairs |= {"page": str(query.page) if query.page > 1 else ""}
        return "?" + urlencode({k: v for k, v in pairs.items() if v})


@dataclass
class Shelf:
    query: ShelfQuery
    page: Page
    total: int  # all the owner's lists (not in the bin)
    matching: int  # those the search and filters keep
    games: list[tuple[str, str, int]] = field(default_factory=list)  # slug, name, lists
    folders: list[tuple[str, int]] = field(default_factory=list)  # name, lists

    @property
    def first(self) -> int:
        return self.page.start_index()

    @property
    def last(self) -> int:
        return self.page.end_index()

    @property
    def previous_address(self) -> str:
        return self.query.address(page=self.page.number - 1) if self.page.has_previous() else ""

    @property
    def next_address(self) -> str:
        return self.query.address(page=self.page.number + 1) if self.page.has_next() else ""


def shelf_of(*, owner: Owner, query: ShelfQuery) -> Shelf:
    """One page of the owner's lists as `query` asks, with the counts the page shows."""
    mine = ArmyList.objects.kept().filter(owner.filter())
    # one grouped count, read from an index: lists per game and folder
    counts = mine.values("module_id", "folder").annotate(n=Count("pk")).order_by()
    per_game: dict[int, int] = {}
    per_folder: dict[str, int] = {}
    for row in counts:
        per_game[row["module_id"]] = per_game.get(row["module_id"], 0) + row["n"]
        if row["folder"]:
            per_folder[row["folder"]] = per_folder.get(row["folder"], 0) + row["n"]
    total = sum(per_game.values())
    games = []  # a choice of games only where there are two (a query only then)
    if len(per_game) > 1:
        modules = GameModule.objects.filter(pk__in=per_game).only("slug", "name").order_by("name")
        games = [(m.slug, m.name, per_game[m.pk]) for m in modules]
    folders = sorted(per_folder.items())
    found = mine
    if query.q:
        for word in query.q.split():
            found = found.filter(Q(name__icontains=word) | Q(faction_name__icontains=word))
    if query.game:
        found = found.filter(module__slug=query.game)
    if query.folder:
        found = found.filter(folder=query.folder)
    rows = found.select_related("module").only(*ROW_FIELDS).order_by(*SORTS[query.sort][1])
    marks = extensions.shelf_marks()  # the wings' marks, read in the same query
    rows = rows.annotate(**{f"mark_{key}": mark.read for key, mark in marks.items()})
    # the module version each list was built on (its number, else its label: lists made before
    # numbers were kept) and its module's newest, read in the same query
    rows = rows.annotate(
        built_on=KeyTextTransform("module_version", "document"),
        built_number=KeyTextTransform("data_version", "document"),
        newest=Subquery(
            ModuleVersion.objects.filter(module=OuterRef("module"))
            .order_by("-number")
            .values("number")[:1]
        ),
    )
    paginator = Paginator(rows, PAGE_SIZE)
    matching = paginator.count if query.filtered else total
    if not query.filtered:
        paginator.count = matching  # the grouped counts add up to it: no second COUNT
    page = paginator.get_page(query.page)
    page.object_list = list(page.object_list)
    for row in page.object_list:
        values = ((mark, getattr(row, f"mark_{key}")) for key, mark in marks.items())
        row.marks = [mark.badge(value) for mark, value in values if value is not None]
        # "Iron Squads 1.1: updated since" for a list built on an older version of its module
        row.outdated = _outdated(row)
    return Shelf(query, page, total, matching, games, folders)


def _outdated(row: ArmyList) -> bool:
    """Whether a list of My lists is built on an older version than its module's newest."""
    built: str | None = getattr(row, "built_number", None)
    newest: int | None = getattr(row, "newest", None)
    if built not in (None, "") and newest is not None:
        return int(str(built)) < newest
    on: str | None = getattr(row, "built_on", None)
    return bool(on) and on != row.module.version


ROW_FIELDS = (
    "public_id", "name", "faction_name", "folder", "points", "points_limit", "unit_count",
    "legal", "updated_at", "module__name", "module__slug", "module__version",
)  # fmt: skip
