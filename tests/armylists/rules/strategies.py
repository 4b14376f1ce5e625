"""Hypothesis strategies: list documents made of real and nonsense ids, and any JSON at all."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

from factions.catalog import Catalog
from factions.gamedata.schemas import ModuleSpec

from .factories import choice, forge, game, model, option, sheet

MINI_MODULE = Path(__file__).resolve().parents[2] / "factions" / "fixtures" / "mini_module.yaml"


def mini_catalog() -> Catalog:
    """The example module of docs/module-format.md, without the database."""
    return Catalog(0, 1, ModuleSpec.model_validate(yaml.safe_load(MINI_MODULE.read_text())))


def _squad(unit_type: str | None = None) -> dict:
    kit = option(
        "add_weapon", choice("grenade", id="grenade", points=2), id="kit", model_limit="1/5"
    )
    drill = option(
        "add_rule", choice("tough(6)", id="drill", points=1), id="drill", model_limit="all"
    )
    swap = option(
        "replace_weapon", choice("sword", id="sword"), id="swap", replace=["rifle"], count=2
    )
    hounds = option("add_model", choice("hound", id="hound", points=5), id="hounds", model_limit=2)
    return sheet(
        20,
        category="core" if unit_type is None else None,
        unit_type=unit_type,
        models=[
            model("Leader", id="leader", min=0, max=2, leader=True, rules=["hero", "caster(1)"]),
            model(
                "Trooper",
                id="trooper",
                min=1,
                max=20,
                extra=3,
                weapons=["rifle"],
                options=[kit, swap],
            ),
        ],
        options=[drill, hounds],
    )


def catalogs() -> list[Catalog]:
    """One catalogue of each ruleset, with options, legends, focuses and doctrines to get wrong."""
    templates = {"model_templates": {"hound": {"name": "Hound", "rules": ["tough(7)"]}}}
    return [
        mini_catalog(),
        forge(
            datasheets={"squad": _squad(), "boss": sheet(30, category="hero")},
            home={"focuses": {"watch": {"name": "Watch", "restricted": True}}},
            legends={"crown": {"name": "Crown", "points": 5, "applies_to": {"rules": ["hero"]}}},
            power_specialties={"tide": {"name": "Tide", "focuses": ["watch"]}},
            parameters={"legends_per_points": 100},
            **templates,
        ),
        game(
            "grimdark",
            slug="g",
            datasheets={"squad": _squad()},
            doctrines={"u": {"name": "U", "universal": True}, "d": {"name": "D"}},
            **templates,
        ),
        game("skirmish", slug="s", datasheets={"squad": _squad()}, **templates),
        game(
            "wargame",
            slug="w",
            datasheets={"team": _squad("team"), "band": _squad("band")},
            **templates,
        ),
        game("battle_rules", slug="b", datasheets={"squad": _squad()}, **templates),
    ]


def known_ids(catalogs_: list[Catalog]) -> dict[str, list[str]]:
    """Every id the catalogues use, by kind, so random lists name real things often."""
    ids: dict[str, set[str]] = {
        k: set()
        for k in (
            "faction",
            "datasheet",
            "model",
            "option",
            "choice",
            "legend",
            "org",
            "focus",
            "specialty",
            "doctrine",
        )
    }
    for catalog in catalogs_:
        spec = catalog.spec
        ids["doctrine"] |= set(spec.doctrines)
        for layer in (spec, *spec.factions.values()):
            ids["legend"] |= set(layer.legends)
            ids["org"] |= set(layer.force_organizations)
            ids["focus"] |= set(layer.focuses)
            ids["specialty"] |= set(layer.power_specialties)
        for key, faction in spec.factions.items():
            ids["faction"].add(key)
            for sheet_key, datasheet in faction.datasheets.items():
                ids["datasheet"].add(sheet_key)
                ids["model"] |= {m.id for m in datasheet.models if m.id}
                for _model, opt in datasheet.all_options():
                    ids["option"].add(opt.id or "")
                    ids["choice"] |= {c.id for c in opt.choices if c.id}
    return {k: sorted(v) for k, v in ids.items()}


# Documents refuse control characters (issue 14): valid documents' text has none.
PRINTABLE = st.characters(exclude_categories=("Cc", "Cs"))
NONSENSE = st.text(PRINTABLE, min_size=1, max_size=12)
FORCE_IDS = ("f1", "f2", "f3", "f4")


def key(known: list[str]) -> st.SearchStrategy[str]:
    """Mostly a real id, sometimes any text."""
    return (
        st.one_of(st.sampled_from(known), st.sampled_from(known), NONSENSE) if known else NONSENSE
    )


def list_documents(catalogs_: list[Catalog]) -> st.SearchStrategy[dict[str, Any]]:
    """List documents (as JSON data) that the format accepts but the rules may well not.

    Every id is mostly one the catalogues use, sometimes any text; counts go up to the format's
    limits. Strategies are built once here: building them on every draw is slow.
    """
    ids = known_ids(catalogs_)
    keys = {kind: key(known) for kind, known in ids.items()}
    forces = st.lists(
        st.fixed_dictionaries(
            {
                "id": st.sampled_from(FORCE_IDS),
                "organization": st.none() | keys["org"],
                "faction": keys["faction"],
            }
        ),
        max_size=4,
        unique_by=lambda f: f["id"],
    )
    units = st.lists(
        st.fixed_dictionaries(
            {
                "datasheet": keys["datasheet"],
                "faction": st.none() | keys["faction"],
                "force": st.none() | st.sampled_from(FORCE_IDS),  # dropped when not in the list
                "name": st.text(PRINTABLE, max_size=10),
                "models": st.dictionaries(keys["model"], st.integers(0, 1000), max_size=3),
                "options": st.lists(
                    st.fixed_dictionaries(
                        {
                            "option": keys["option"],
                            "choice": keys["choice"],
                            "count": st.integers(1, 1000),
                        }
                    ),
                    max_size=4,
                ),
                "specialty": st.none() | keys["specialty"],
            }
        ),
        max_size=8,
    )
    legends = st.lists(
        st.fixed_dictionaries(
            {"legend": keys["legend"], "unit": st.none() | st.integers(0, 7).map("u{}".format)}
        ),
        max_size=4,
    )

    @st.composite
    def documents(draw) -> dict[str, Any]:
        catalog = draw(st.sampled_from(catalogs_))
        drawn_forces = draw(forces)
        force_ids = {f["id"] for f in drawn_forces}
        drawn_units = [
            {**u, "id": f"u{n}", "force": u["force"] if u["force"] in force_ids else None}
            for n, u in enumerate(draw(units))
        ]
        unit_ids = {u["id"] for u in drawn_units}
        drawn_legends = [
            {**leg, "unit": leg["unit"] if leg["unit"] in unit_ids else None}
            for leg in draw(legends)
        ]
        return {
            "format": "forgebuilder-list",
            "version": 1,
            "name": draw(st.text(PRINTABLE, max_size=20)),
            "module": catalog.slug,
            "module_version": draw(st.none() | st.sampled_from(["1.0", "0.1"])),
            "faction": draw(keys["faction"]),
            "focus": draw(st.none() | keys["focus"]),
            "points_limit": draw(st.integers(1, 100_000)),
            "casual": draw(st.booleans()),
            "doctrine": draw(st.none() | keys["doctrine"]),
            "forces": drawn_forces,
            "units": drawn_units,
            "legends": drawn_legends,
        }

    return documents()


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=20,
)


@st.composite
def mangled(draw, document: dict[str, Any]) -> Any:
    """`document` with one value somewhere inside it replaced by any JSON value (or removed)."""
    data = json.loads(json.dumps(document))
    node = data
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return data
        where = draw(st.sampled_from(keys))
        child = node[where]
        if isinstance(child, dict | list) and child and draw(st.booleans()):
            node = child
            continue
        if isinstance(node, dict) and draw(st.booleans()):
            del node[where]
        else:
            node[where] = draw(JSON_VALUES)
        return data
