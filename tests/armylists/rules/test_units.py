"""Unit composition: model counts, option limits and what options may replace."""

from __future__ import annotations

import pytest

from .factories import check, choice, codes, forge, model, option, sheet, take, the, unit

# --- model counts ---------------------------------------------------------------------------

SQUAD = sheet(
    20,
    name="Squad",
    models=[
        model("Sergeant", id="sergeant"),
        model("Trooper", id="trooper", min=4, max=9, extra=2),
    ],
)


@pytest.mark.parametrize(
    ("models", "problem"),
    [
        ({}, None),  # a model count left out is the model's minimum
        ({"trooper": 4}, None),  # the minimum
        ({"trooper": 9}, None),  # the maximum
        ({"trooper": 3}, "below"),  # one under
        ({"trooper": 10}, "above"),  # one over
        ({"sergeant": 2}, "above"),  # no max: exactly min
        ({"sergeant": 0}, "below"),
    ],
)
def test_each_model_type_stays_between_its_min_and_max(models, problem):
    report = check(forge(datasheets={"squad": SQUAD}), unit("squad", models=models))

    if problem is None:
        assert report.violations == ()
    else:
        violation = the(report, "model-count")
        assert violation.severity == "error"
        assert violation.units == ("u1",)
        assert ("at least" if problem == "below" else "at most") in violation.message


def test_too_few_models_says_how_many_to_add():
    report = check(forge(datasheets={"squad": SQUAD}), unit("squad", models={"trooper": 2}))

    violation = the(report, "model-count")
    assert violation.message == (
        "Squad has 2 models of type Trooper; its datasheet needs at least 4."
    )
    assert violation.hint == "Add 2 Trooper."


def test_too_many_models_says_how_many_to_remove():
    report = check(forge(datasheets={"squad": SQUAD}), unit("squad", models={"trooper": 11}))

    violation = the(report, "model-count")
    assert (
        violation.message == "Squad has 11 models of type Trooper; its datasheet allows at most 9."
    )
    assert violation.hint == "Remove 2 Trooper."


def test_a_units_own_name_is_used_in_messages():
    report = check(
        forge(datasheets={"squad": SQUAD}),
        unit("squad", name="Red Squad", models={"trooper": 2}),
    )

    assert the(report, "model-count").message.startswith("Red Squad has 2 models")


# --- option limits --------------------------------------------------------------------------


def armed(*options: dict) -> dict:
    """A squad whose troopers (4 to 20, rifles) have `options`; the sergeant has a pistol."""
    return sheet(
        20,
        name="Squad",
        models=[
            model("Sergeant", id="sergeant", weapons=["pistol"]),
            model("Trooper", id="trooper", min=4, max=20, weapons=["rifle"], options=list(options)),
        ],
    )


def limited(model_limit, *, limit=None, verb="add_weapon", replace=()):
    return option(
        verb,
        choice("grenade", id="grenade"),
        choice("banner", id="banner"),
        id="kit",
        label="Kit",
        model_limit=model_limit,
        limit=limit,
        replace=replace,
    )


def picks(opt: dict, troopers: int, *counts: int, unit_option: bool = False):
    """Take the option's choices `counts` times on a squad of `troopers` troopers."""
    datasheet = (
        sheet(20, name="Squad", models=armed().get("models"), options=[opt])
        if unit_option
        else armed(opt)
    )
    chosen = [take("kit", c, n) for c, n in zip(("grenade", "banner"), counts, strict=False)]
    return check(
        forge(datasheets={"squad": datasheet}),
        unit("squad", models={"trooper": troopers}, options=chosen),
        points_limit=1000,
    )


@pytest.mark.parametrize(
    ("troopers", "taken", "legal"),
    [
        (4, 1, False),  # 1 per 5: four models allow none
        (5, 1, True),
        (5, 2, False),
        (9, 1, True),  # nine models still allow one
        (9, 2, False),
        (10, 2, True),  # ten allow two
        (10, 3, False),
    ],
)
def test_one_per_five_models(troopers, taken, legal):
    report = picks(limited("1/5"), troopers, taken)

    assert ("option-limit" in codes(report)) is not legal


def test_an_option_over_its_limit_cites_the_rule_and_the_models():
    report = picks(limited("1/5"), 9, 1, 1)

    violation = the(report, "option-limit")
    assert violation.severity == "error"
    assert violation.message == (
        "Squad: 'Kit' may be taken 1 time (1 per 5 models; the unit has 9 Trooper models); "
        "it is taken 2 times."
    )
    assert violation.hint == "Take it 1 time at most, or add models to the unit."
    assert violation.units == ("u1",)


def test_an_option_too_few_models_allow_says_it_may_not_be_taken():
    violation = the(picks(limited("1/5"), 4, 1), "option-limit")

    assert violation.message == (
        "Squad: 'Kit' may not be taken (1 per 5 models; the unit has 4 Trooper models); "
        "it is taken 1 time."
    )
    assert violation.hint == "Remove it, or add models to the unit."


@pytest.mark.parametrize(
    ("counts", "legal"),
    [
        ((1,), True),  # one model only
        ((2,), False),
        ((1, 1), False),  # the choices of one option count together
    ],
)
def test_one_model_only(counts, legal):
    report = picks(limited(1), 10, *counts)

    assert ("option-limit" in codes(report)) is not legal


def test_one_model_only_needs_a_model_of_that_type():
    sergeant_kit = option(
        "add_weapon", choice("banner", id="banner"), id="kit", label="Kit", model_limit=1
    )
    datasheet = sheet(
        20,
        name="Squad",
        models=[
            model("Sergeant", id="sergeant", min=0, max=1, options=[sergeant_kit]),
            model("Trooper", id="trooper", min=4, max=20),
        ],
    )

    report = check(
        forge(datasheets={"squad": datasheet}),
        unit("squad", models={"sergeant": 0}, options=[take("kit", "banner")]),
    )

    assert "may not be taken (one model; the unit has 0 Sergeant models)" in (
        the(report, "option-limit").message
    )


@pytest.mark.parametrize(
    ("counts", "problem"),
    [
        ((1,), None),  # taken once, it applies to every model
        ((2,), "option-all-or-none"),  # taken twice
        ((1, 1), "option-all-or-none"),  # two choices of one all-or-none option
    ],
)
def test_all_or_none(counts, problem):
    report = picks(limited("all"), 10, *counts)

    assert codes(report) == ([problem] if problem else [])


def test_all_or_none_taken_twice_says_to_take_it_once():
    violation = the(picks(limited("all"), 10, 2), "option-all-or-none")

    assert violation.message == (
        "Squad: 'Kit' is taken by all models or none; it is taken 2 times."
    )
    assert violation.hint == "Take it once; it applies to every model."


@pytest.mark.parametrize(
    ("troopers", "taken", "legal"),
    [
        (4, 4, True),  # no model_limit: once per model
        (4, 5, False),
        (9, 9, True),
    ],
)
def test_without_a_model_limit_each_model_takes_an_option_once(troopers, taken, legal):
    report = picks(limited(None), troopers, taken)

    assert ("option-limit" in codes(report)) is not legal


@pytest.mark.parametrize(
    ("model_limit", "troopers", "taken", "legal"),
    [
        (None, 4, 8, True),  # two choices for each of four models
        (None, 4, 9, False),
        ("1/5", 10, 4, True),  # two models, two choices each
        ("1/5", 10, 5, False),
        (1, 10, 2, True),  # one model, two choices
        (1, 10, 3, False),
    ],
)
def test_limit_2_lets_each_model_take_two_choices(model_limit, troopers, taken, legal):
    report = picks(limited(model_limit, limit=2), troopers, taken)

    assert ("option-limit" in codes(report)) is not legal


def test_limit_2_is_cited_when_exceeded():
    violation = the(picks(limited("1/5", limit=2), 10, 5), "option-limit")

    assert "(1 per 5 models, 2 choices per model; the unit has 10 Trooper models)" in (
        violation.message
    )


@pytest.mark.parametrize(
    ("unit_option", "troopers", "taken", "legal"),
    [
        # a model's option counts the models of its type: 4 troopers allow none
        (False, 4, 1, False),
        # a unit's option counts every model: 4 troopers and the sergeant allow one
        (True, 4, 1, True),
        (True, 4, 2, False),
        (True, 9, 2, True),  # 10 models
    ],
)
def test_a_unit_option_counts_every_model_a_model_option_its_own_type(
    unit_option, troopers, taken, legal
):
    report = picks(limited("1/5"), troopers, taken, unit_option=unit_option)

    assert ("option-limit" in codes(report)) is not legal


def test_a_unit_option_over_its_limit_counts_the_units_models():
    violation = the(picks(limited("1/5"), 4, 2, unit_option=True), "option-limit")

    assert "(1 per 5 models; the unit has 5 models)" in violation.message


@pytest.mark.parametrize(
    ("taken", "legal"),
    [
        (2, True),  # model_limit 2 on an add_model option: up to two added models
        (3, False),
    ],
)
def test_an_option_adding_models_is_limited_per_unit(taken, legal):
    hounds = option("add_model", choice("hound", id="hound", points=5), id="hounds", model_limit=2)
    catalog = forge(
        datasheets={"squad": sheet(20, name="Squad", options=[hounds])},
        model_templates={"hound": {"name": "Hound"}},
    )

    report = check(catalog, unit("squad", options=[take("hounds", "hound", taken)]))

    assert ("option-limit" in codes(report)) is not legal
    if not legal:
        assert "may be taken 2 times (at most 2 per unit)" in the(report, "option-limit").message


# --- what options replace -------------------------------------------------------------------


def rearmed(*counts: int, troopers: int = 5):
    """Two options that each replace a trooper's rifle, taken `counts` times."""
    carbines = option(
        "replace_weapon", choice("carbine", id="carbine"), id="carbines", replace=["rifle"]
    )
    swords = option("replace_weapon", choice("sword", id="sword"), id="swords", replace=["rifle"])
    pairs = (("carbines", "carbine"), ("swords", "sword"))
    chosen = [take(o, c, n) for (o, c), n in zip(pairs, counts, strict=False) if n]
    return check(
        forge(datasheets={"squad": armed(carbines, swords)}),
        unit("squad", models={"trooper": troopers}, options=chosen),
    )


@pytest.mark.parametrize(
    ("counts", "legal"),
    [
        ((3, 2), True),  # five rifles replaced on five troopers
        ((5, 0), True),
        ((3, 3), False),  # six replacements for five rifles
    ],
)
def test_two_options_may_not_replace_more_weapons_than_the_models_carry(counts, legal):
    report = rearmed(*counts)

    assert ("option-replaces-missing" in codes(report)) is not legal


def test_replacing_too_many_weapons_says_how_many_the_models_carry():
    violation = the(rearmed(3, 3), "option-replaces-missing")

    assert violation.severity == "error"
    assert violation.message == (
        "Squad: options replace Rifle 6 times, but 5 Trooper models carry it 5 times."
    )
    assert violation.units == ("u1",)


def test_an_option_may_not_replace_a_weapon_the_model_does_not_carry():
    # module files are checked for this when loaded; a list must still not crash on it
    swap = option("replace_weapon", choice("sword", id="sword"), id="swap", replace=["pistol"])

    report = check(
        forge(datasheets={"squad": armed(swap)}),
        unit("squad", options=[take("swap", "sword")]),
    )

    assert the(report, "option-replaces-missing").message == (
        "Squad: options replace Pistol 1 time, but 4 Trooper models carry it 0 times."
    )


@pytest.mark.parametrize(
    ("carried", "replaced", "taken", "legal"),
    [
        (2, 2, 4, True),  # two blades per model, both replaced, on four models
        (1, 2, 1, False),  # one blade per model, but the option replaces two on a model
        (2, 1, 4, True),
    ],
)
def test_an_option_replacing_several_copies_needs_them(carried, replaced, taken, legal):
    swap = option(
        "replace_weapon", choice("sword", id="sword"), id="swap", replace=["blade"], count=replaced
    )
    datasheet = sheet(
        20,
        models=[
            model("Trooper", min=4, weapons=[{"id": "blade", "count": carried}], options=[swap])
        ],
    )

    report = check(
        forge(datasheets={"squad": datasheet}),
        unit("squad", options=[take("swap", "sword", taken)]),
    )

    assert ("option-replaces-missing" in codes(report)) is not legal


def test_replacing_more_copies_than_a_model_carries_says_so():
    swap = option(
        "replace_weapon", choice("sword", id="sword"), id="swap", replace=["blade"], count=2
    )
    datasheet = sheet(20, name="Squad", models=[model("Trooper", min=4, options=[swap])])

    report = check(
        forge(datasheets={"squad": datasheet}), unit("squad", options=[take("swap", "sword")])
    )

    assert the(report, "option-replaces-missing").message == (
        "Squad: an option replaces 2 Blade on each model taking it, but a Trooper model carries 1."
    )


def test_an_option_may_replace_a_rule_the_whole_unit_has():
    fearless = option(
        "replace_rule",
        choice("fearless", id="fearless"),
        id="nerve",
        replace=["steady"],
        model_limit="all",
    )
    datasheet = sheet(20, rules=["steady"], models=[model("Trooper", min=4, options=[fearless])])

    report = check(
        forge(datasheets={"squad": datasheet}), unit("squad", options=[take("nerve", "fearless")])
    )

    assert report.violations == ()


def test_a_unit_option_replacing_for_every_model_is_checked_too():
    swords = option("replace_weapon", choice("sword", id="sword"), id="swords", replace=["rifle"])
    datasheet = sheet(20, name="Squad", models=armed().get("models"), options=[swords])

    fits = check(
        forge(datasheets={"squad": datasheet}), unit("squad", options=[take("swords", "sword", 4)])
    )
    beyond = check(
        forge(datasheets={"squad": datasheet}), unit("squad", options=[take("swords", "sword", 5)])
    )

    assert "option-replaces-missing" not in codes(fits)
    assert "4 Trooper models carry it 4 times" in the(beyond, "option-replaces-missing").message
