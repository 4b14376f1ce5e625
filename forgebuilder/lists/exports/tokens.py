"""The token sheet: round markers to print at real size and cut out, from the ruleset's tokens.

What a ruleset tracks on the table is its `tokens` (factions.rulesets.base.TokenDef): how many
to print scales with the list (`TokenDef.quantity`). Unit markers carry the unit's number (the
one on its card) and name; objective markers are numbered.
"""

from __future__ import annotations

import math

from django.template.loader import render_to_string

from factions.rulesets.base import TokenDef
from forgebuilder.engine.api import RosterUnit
from forgebuilder.lists.exports.roster import alike_units
from forgebuilder.lists.exports.sheet_rows import token_row
from forgebuilder.lists.exports.source import ExportSource
from forgebuilder.lists.exports.token_kinds import NUMBERED_KINDS, UNIT_MARKER, Token, TokenKind
from forgebuilder.printing.api import (
    PAPER,
    TILE_SIZES,
    TOKEN_SIZE,
    Paper,
    PrintoutKind,
    cached_render,
    cell_mm,
    icon_data_uri,
    register_printout,
    render,
    render_key,
    tile_uri,
)

TEMPLATE = "print/tokens.html"
PAGE_MARGIN_MM = 10  # left and right, as in print.css
UNDERDOG = TokenDef("underdog", "Underdog point", color="#00695c")


def token_plan(source: ExportSource) -> list[tuple[TokenKind, list[Token]]]:
    """Each kind of token the list needs, with its tokens, in the ruleset's order; then the
    underdog points of the campaign mission the list is set up for, if any."""
    # dead and disbanded campaign units take no marker (their numbers stay those of the cards)
    numbered = [(n, unit) for n, unit in source.numbered_units if unit.active]
    units = [unit for _, unit in numbered]
    plan = []
    for token in source.catalog.ruleset.tokens:
        if token.from_total:
            total = source.report.total(token.from_total)
            count = total.value if total else 0
        else:
            count = token.quantity(units=len(units), points_limit=source.document.points_limit)
        if count <= 0:
            continue
        kind = _kind(token, count)
        if token.key == UNIT_MARKER:
            tokens = _unit_markers(kind, numbered, count, _shared_by(source))
        elif token.key in NUMBERED_KINDS:
            tokens = [Token(kind, i + 1) for i in range(count)]
        else:
            tokens = [Token(kind) for _ in range(count)]
        plan.append((kind, tokens))
    if source.underdog_points > 0:
        kind = _kind(UNDERDOG, source.underdog_points)
        plan.append((kind, [Token(kind) for _ in range(source.underdog_points)]))
    return plan


def _shared_by(source: ExportSource) -> dict[int, int]:
    """How many units share each unit's roster card, by unit number."""
    return {n: len(alike.numbers) for alike in alike_units(source) for n in alike.numbers}


def _unit_markers(
    kind: TokenKind, numbered: list[tuple[int, RosterUnit]], count: int, times: dict[int, int]
) -> list[Token]:
    tokens = []
    for i in range(count):
        number, unit = numbered[i] if i < len(numbered) else (i + 1, None)
        name = unit.name if unit else ""
        tokens.append(Token(kind, number, name, marker=True, times=times.get(number, 1)))
    return tokens


def _kind(token: TokenDef, count: int) -> TokenKind:
    return TokenKind(
        token.key,
        token.label,
        token.color,
        icon_data_uri(token.key, token.color, token.label),
        count,
    )


def columns_for(paper: Paper, size: int) -> int:
    return max(1, math.floor((paper.width_mm - 2 * PAGE_MARGIN_MM) / cell_mm(size)))


def token_rows(plan: list[tuple[TokenKind, list[Token]]], *, cols: int, size: int):
    """The sheet's rows: each kind starts a row of its own, so tokens come cut in piles."""
    return [
        token_row(kind, tokens[i : i + cols], size=size)
        for kind, tokens in plan
        for i in range(0, len(tokens), cols)
    ]


def tiles(plan: list[tuple[TokenKind, list[Token]]], *, size: int) -> list[tuple[str, str]]:
    """Each kind's key and the tile its rows repeat."""
    return [
        (
            kind.key,
            tile_uri(key=kind.key, color=kind.color, label=kind.label, size=size, style=kind.style),
        )
        for kind, _ in plan
    ]


def token_sheet_pdf(source: ExportSource, *, paper: Paper, size: int) -> bytes:
    """The token sheet of `source` with tokens `size` mm across, from the render cache if drawn."""
    key = token_sheet_key(source, paper=paper, size=size)
    return cached_render(
        key, lambda: render.write_pdf(token_sheet_html(source, paper=paper, size=size))
    )


def token_sheet_key(source: ExportSource, *, paper: Paper, size: int) -> str:
    """The render-cache key of the token sheet of `source` on `paper`, tokens `size` mm across."""
    return render_key(
        "tokens",
        source.render_content(),
        paper=paper.key,
        size=size,
        underdog=source.underdog_points,
    )


def token_sheet_html(source: ExportSource, *, paper: Paper, size: int) -> str:
    plan = token_plan(source)
    faction = source.roster.faction
    return render_to_string(
        TEMPLATE,
        {
            "document": source.document,
            "paper": paper,
            "size": size,
            "kinds": [kind for kind, _ in plan],
            "tiles": tiles(plan, size=size),
            "text": TILE_SIZES[size],
            "rows": token_rows(plan, cols=columns_for(paper, size), size=size),
            "total": sum(len(tokens) for _, tokens in plan),
            "faction_name": source.faction_name,
            "ruleset": source.catalog.ruleset,
            "accent": faction.color if faction and faction.color else "#9a3412",
        },
    )


TOKEN_SHEET = register_printout(
    PrintoutKind(
        key="tokens",
        title="token sheet",
        template=TEMPLATE,
        description=(
            "Round markers to print at real size and cut out: one numbered marker per unit, "
            "and the game's tokens."
        ),
        button="Download tokens",
        choices=(TOKEN_SIZE, PAPER),
        cache_key=token_sheet_key,
        draw=token_sheet_pdf,
        file_suffix="-tokens",
    )
)
