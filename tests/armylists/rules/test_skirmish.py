"""Skirmish missions and Battle Rules (d6): points, composition and Large/Small models."""

from __future__ import annotations

import pytest

from .factories import check, choice, codes, game, model, option, sheet, take, the, unit


def skirmish(datasheets: dict, **module_fields):
    return game("skirmish", slug="test-skirmish", datasheets=datasheets, **module_fields)


def facts(catalog, *units):
    report = check(catalog, *units, forces=[], module=catalog.slug, points_limit=1000)
    return report.unit_facts


def lone(*rules: str, name: str = "Beast"):
    return sheet(10, category=None, name=name, models=[model(name, rules=list(rules))])


@pytest.mark.parametrize(
    ("rules", "size"),
    [
        ((), "Small"),  # no Tough at all
        (("tough(5)",), "Small"),
        (("tough(6)",), "Large"),  # Tough(6) or more
        (("tough(12)",), "Large"),
        (("hero", "tough(6)"), "Small"),  # a Hero needs more than Tough(6)
        (("hero", "tough(7)"), "Large"),
    ],
)
def test_a_model_is_large_with_tough_6_or_a_hero_with_more_than_tough_6(rules, size):
    catalog = skirmish({"beast": lone(*rules)})

    assert facts(catalog, unit("beast", force=None)) == {"u1": (f"{size} model",)}


def test_a_units_rules_count_for_its_models():
    catalog = skirmish(
        {"brutes": sheet(10, category=None, rules=["tough(6)"], models=[model("Brute", min=3)])}
    )

    assert facts(catalog, unit("brutes", force=None)) == {"u1": ("Large models",)}


def test_an_option_can_make_a_model_large():
    armour = option("add_rule", choice("tough(6)", id="plate"), id="armour", model_limit="all")
    catalog = skirmish(
        {
            "knights": sheet(
                10,
                category=None,
                name="Knights",
                options=[armour],
                models=[model("Knight", min=2), model("Squire", id="squire")],
            )
        }
    )

    plain = facts(catalog, unit("knights", force=None))
    armoured = facts(catalog, unit("knights", force=None, options=[take("armour", "plate")]))

    assert plain == {"u1": ("Small models",)}
    assert armoured == {"u1": ("Large models",)}  # every model of the unit takes it


def test_a_unit_of_large_and_small_models_names_each():
    catalog = skirmish(
        {
            "riders": sheet(
                10,
                category=None,
                models=[
                    model("Rider", rules=["tough(3)"]),
                    model("Mount", id="mount", rules=["tough(6)"]),
                ],
            )
        }
    )

    assert facts(catalog, unit("riders", force=None)) == {"u1": ("Rider: Small, Mount: Large",)}


def test_the_size_thresholds_follow_the_module():
    catalog = skirmish(
        {"beast": lone("tough(4)"), "chief": lone("boss", "tough(4)", name="Chief")},
        parameters={"large_tough": 4, "hero_rule": "boss", "hero_large_tough_over": 3},
        rules={"tough": {"name": "Tough", "takes_value": True}, "boss": {"name": "Boss"}},
    )

    assert facts(catalog, unit("beast", force=None), unit("chief", force=None)) == {
        "u1": ("Large model",),
        "u2": ("Large model",),
    }


def test_a_skirmish_list_checks_points_and_composition_only():
    catalog = skirmish(
        {"pack": sheet(100, category=None, name="Pack", models=[model("Hound", min=3, max=6)])}
    )

    report = check(
        catalog,
        unit("pack", force=None, models={"hound": 7}),
        forces=[],
        module=catalog.slug,
        points_limit=99,
    )

    assert codes(report) == ["points-over-limit", "model-count"]
    assert {t.key for t in report.totals} == {"points", "units"}


def test_a_battle_rules_list_checks_points_and_composition_only():
    catalog = game(
        "battle_rules",
        slug="test-d6",
        datasheets={
            "squad": sheet(
                100, category=None, name="Squad", models=[model("Soldier", min=5, max=10)]
            ),
        },
    )

    legal = check(catalog, unit("squad", force=None), forces=[], module="test-d6", points_limit=100)
    illegal = check(
        catalog,
        unit("squad", force=None, models={"soldier": 4}),
        unit("squad", force=None),
        forces=[],
        module="test-d6",
        points_limit=100,
    )

    assert legal.violations == ()
    assert codes(illegal) == ["points-over-limit", "model-count"]
    assert the(illegal, "model-count").units == ("u1",)
