"""A caster picks one power specialty before the game (Battle Forge)."""

from __future__ import annotations

import pytest

from .factories import check, choice, codes, forge, model, option, sheet, take, the, unit

SPECIALTIES = {
    "tide": {"name": "Tide"},
    "ember": {"name": "Ember"},
    "storm": {"name": "Storm", "focuses": ["stormcallers"]},
}

DATASHEETS = {
    "witch": sheet(30, category="hero", name="Witch", models=[model("Witch", rules=["caster(1)"])]),
    "captain": sheet(
        30,
        category="hero",
        name="Captain",
        options=[
            option("add_rule", choice("caster(1)", id="gifted"), id="gift", model_limit="all")
        ],
    ),
}


def casters(*units, specialties=SPECIALTIES, **fields):
    catalog = forge(
        datasheets=DATASHEETS,
        power_specialties=specialties,
        home={"focuses": {"stormcallers": {"name": "Stormcallers"}}},
        **fields.pop("module", {}),
    )
    return check(catalog, *units, **fields)


@pytest.mark.parametrize(
    ("the_unit", "problem", "severity"),
    [
        (unit("witch", specialty="tide"), None, None),  # a caster with one specialty
        (unit("witch"), "caster-no-specialty", "warning"),  # it can still use open powers
        (unit("witch", specialty="frost"), "unknown-specialty", "error"),
        (unit("captain", specialty="tide"), "specialty-not-caster", "error"),
        (unit("captain"), None, None),  # not a caster, no specialty
        # an option that makes a model a caster makes it pick a specialty
        (unit("captain", options=[take("gift", "gifted")], specialty="ember"), None, None),
        (unit("captain", options=[take("gift", "gifted")]), "caster-no-specialty", "warning"),
    ],
)
def test_a_caster_picks_one_of_its_factions_specialties(the_unit, problem, severity):
    report = casters(the_unit)

    assert codes(report) == ([problem] if problem else [])
    if problem:
        assert the(report, problem).severity == severity
        assert the(report, problem).units == ("u1",)


def test_a_caster_without_a_specialty_is_told_what_it_can_still_use():
    violation = the(casters(unit("witch")), "caster-no-specialty")

    assert violation.message == (
        "Witch is a caster without a power specialty; it can only use powers open to every caster."
    )
    assert violation.hint == "Pick one specialty for it."


def test_a_caster_needs_no_specialty_when_the_module_has_none():
    assert casters(unit("witch"), specialties={}).violations == ()


def test_an_unknown_specialty_is_named():
    violation = the(casters(unit("witch", specialty="frost")), "unknown-specialty")

    assert (
        violation.message == "Witch picks the specialty 'frost', which its faction does not have."
    )


def test_a_non_caster_may_not_pick_a_specialty():
    violation = the(casters(unit("captain", specialty="tide")), "specialty-not-caster")

    assert violation.message == "Captain is not a caster, so it cannot pick a power specialty."
    assert violation.hint == "Clear its specialty."


@pytest.mark.parametrize(
    ("focus", "legal"),
    [
        ("stormcallers", True),  # the specialty's focus
        (None, False),
    ],
)
def test_a_focus_specialty_needs_its_focus(focus, legal):
    report = casters(unit("witch", specialty="storm"), focus=focus)

    assert ("specialty-focus" in codes(report)) is not legal


def test_the_module_names_the_rule_that_makes_a_caster():
    datasheets = {"seer": sheet(30, name="Seer", models=[model("Seer", rules=["heavy"])])}
    catalog = forge(
        datasheets=datasheets,
        power_specialties=SPECIALTIES,
        parameters={"caster_rule": "heavy"},
    )

    assert "caster-no-specialty" in codes(check(catalog, unit("seer")))
    assert check(catalog, unit("seer", specialty="tide")).violations == ()
