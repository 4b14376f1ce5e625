"""Issue 25, item 1: every check that looks at a unit's models sees the models that options add
(a handler's Tough(6) beast is Large, an added caster makes a caster, an added model's rules and
name make a legend fit, its Courage sets the shock limit)."""

from __future__ import annotations

import pytest

from .factories import check, choice, codes, forge, game, legend, model, option, sheet, take, unit

BEASTS = {
    "beast": {"name": "War Beast", "rules": ["tough(6)"]},
    "pup": {"name": "Pup", "rules": ["tough(3)"]},
    "hermit": {"name": "Hermit", "rules": ["caster(2)"], "stats": {"courage": 3}},
}


def handler(*choices: dict) -> dict:
    """A 10-point Handler (Tough(3)) who may bring one of `choices` as an extra model."""
    return sheet(
        10,
        category=None,
        name="Handler",
        models=[model("Handler", rules=["tough(3)"])],
        options=[option("add_model", *choices, id="bring", model_limit=1)],
    )


def skirmish_facts(*options: dict) -> tuple[str, ...]:
    catalog = game(
        "skirmish",
        slug="test-skirmish",
        datasheets={"handler": handler(choice("beast", id="beast"), choice("pup", id="pup"))},
        model_templates=BEASTS,
    )
    report = check(
        catalog,
        unit("handler", force=None, options=list(options)),
        forces=[],
        module=catalog.slug,
        points_limit=100,
    )
    return report.unit_facts["u1"]


@pytest.mark.parametrize(
    ("options", "fact"),
    [
        ((), "Small model"),  # the Handler alone: Tough(3)
        ((take("bring", "pup"),), "Small models"),  # a Tough(3) pup is Small too
        ((take("bring", "beast"),), "Handler: Small, War Beast: Large"),  # Tough(6): Large
    ],
)
def test_a_model_an_option_adds_is_sized_like_the_datasheets_own(options, fact):
    assert skirmish_facts(*options) == (fact,)


def forge_with_hermit(**fields):
    return forge(
        datasheets={
            "handler": sheet(
                10,
                category="core",
                name="Handler",
                models=[model("Handler", rules=[])],
                options=[option("add_model", choice("hermit", id="hermit"), id="bring")],
            )
        },
        model_templates={"hermit": BEASTS["hermit"]},
        power_specialties={"tide": {"name": "Tide"}},
        **fields,
    )


def test_a_caster_an_option_adds_makes_the_unit_a_caster():
    catalog = forge_with_hermit()

    alone = check(catalog, unit("handler", specialty="tide"))
    with_hermit = check(
        catalog, unit("handler", specialty="tide", options=[take("bring", "hermit")])
    )

    assert "specialty-not-caster" in codes(alone)
    assert "specialty-not-caster" not in codes(with_hermit)


@pytest.mark.parametrize(
    "applies_to", [{"rules": ["caster"]}, {"models": ["Hermit"]}], ids=["by rule", "by model name"]
)
def test_a_legend_fits_a_unit_through_a_model_an_option_adds(applies_to):
    crown = {"crown": {"name": "Crown", "points": 5, "applies_to": applies_to}}
    catalog = forge_with_hermit(legends=crown)

    alone = check(catalog, unit("handler"), legends=[legend("crown", "u1")])
    with_hermit = check(
        catalog, unit("handler", options=[take("bring", "hermit")]), legends=[legend("crown", "u1")]
    )

    assert "legend-wrong-unit" in codes(alone)
    assert "legend-wrong-unit" not in codes(with_hermit)


def test_the_shock_limit_follows_the_lowest_courage_added_models_included():
    catalog = forge(
        datasheets={
            "handler": sheet(
                10,
                name="Handler",
                models=[model("Handler")],
                options=[option("add_model", choice("hermit", id="hermit"), id="bring")],
            )
        },
        model_templates={"hermit": BEASTS["hermit"]},
    )
    # the Handler has no Courage in this module: only the Hermit's 3 counts, (3 - 1) // 2 = 1
    report = check(catalog, unit("handler", options=[take("bring", "hermit")]))

    assert "Shock limit 1 (below half Courage 3), break test at 3" in report.unit_facts["u1"]
